import { useQuery } from "@tanstack/react-query";
import {
  EVENT_OUTLOOK_API,
  type EventOutlook,
} from "../../../../shared/contracts/event-outlook.ts";
import { api } from "../../../lib/api-client.ts";
import { inventoryKeys } from "./query-keys.ts";

export const useEventOutlook = () =>
  useQuery({
    queryKey: inventoryKeys.eventOutlook(),
    queryFn: () => api.get<EventOutlook>(EVENT_OUTLOOK_API),
    // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect.
    refetchInterval: 60_000,
  });

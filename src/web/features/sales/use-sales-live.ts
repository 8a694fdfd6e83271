import { useStaffEvents } from "../staff/api/staff-events.ts";
import { SALES_LIVE_KEYS } from "./api/query-keys.ts";

/** The board, an open order and the pick list refresh when the store tells of an order's change. */
export function useSalesLive(): void {
  useStaffEvents(SALES_LIVE_KEYS);
}

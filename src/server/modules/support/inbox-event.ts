import { SUPPORT_TOPIC } from "../../../shared/contracts/support-inbox.ts";
import type { StaffEvent } from "../live/index.ts";

/** A ticket came in or changed: Customer Relations' inbox and figures refetch. */
export const INBOX_EVENT = {
  topic: SUPPORT_TOPIC,
  dashboards: ["customer-relations"],
} as const satisfies StaffEvent;

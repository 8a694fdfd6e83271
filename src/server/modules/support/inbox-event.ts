import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { StaffEvent } from "../live/index.ts";

/** A ticket came in or changed: Customer Relations' inbox and figures refetch. */
export const INBOX_EVENT = {
  topic: LIVE_TOPICS.supportTicket,
  dashboards: ["customer-relations"],
} as const satisfies StaffEvent;

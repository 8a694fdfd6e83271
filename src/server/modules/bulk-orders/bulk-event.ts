import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { StaffEvent } from "../live/index.ts";

/**
 * A bulk order came, was quoted, paid or changed: Customer Relations' pipeline and figures, and
 * Inventory's outlook of event orders, refetch.
 */
export const BULK_EVENT: StaffEvent = {
  topic: LIVE_TOPICS.bulkOrder,
  dashboards: ["customer-relations", "inventory"],
};

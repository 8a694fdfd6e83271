import { useStaffEvents } from "../staff/api/staff-events.ts";
import { INVENTORY_LIVE_KEYS } from "./api/query-keys.ts";

/** The figures, the table and any open product or ledger refresh when the store tells of a change. */
export function useInventoryLive(): void {
  useStaffEvents(INVENTORY_LIVE_KEYS);
}

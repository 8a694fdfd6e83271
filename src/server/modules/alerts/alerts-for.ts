// What waits for each dashboard, read through the modules that own it.
import type { StaffAlerts } from "../../../shared/contracts/staff-alerts.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import type { Database } from "../../db/client.ts";
import { bulkAlerts } from "../bulk-orders/index.ts";
import { salesAlerts } from "../fulfilment/index.ts";
import { inventoryWaiting } from "../inventory/index.ts";
import { ticketAlerts } from "../support/index.ts";

export async function alertsFor(db: Database, role: StaffRole, now: Date): Promise<StaffAlerts> {
  if (role === "sales") return { ...(await salesAlerts(db, now)), now: now.toISOString() };
  if (role === "customer-relations") {
    const [tickets, bulk] = await Promise.all([ticketAlerts(db, now), bulkAlerts(db)]);
    return {
      waiting: tickets.waiting + bulk.waiting,
      alerts: [...tickets.alerts, ...bulk.alerts],
      now: now.toISOString(),
    };
  }
  return { waiting: await inventoryWaiting(db), alerts: [], now: now.toISOString() };
}

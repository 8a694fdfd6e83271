import { sql } from "drizzle-orm";
import type { LiveTopic } from "../../../shared/contracts/live-topics.ts";
import type { TicketPresence } from "../../../shared/contracts/ticket-presence.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import type { Database, Transaction } from "../../db/client.ts";

/** The PostgreSQL channel every instance listens on (staff-events.ts). */
export const STAFF_CHANNEL = "fhh_staff";

/**
 * Something the dashboards show has changed. `topic` names what (the dashboards refetch what
 * depends on it); `dashboards` says whose screens care.
 */
export type StaffEvent = {
  topic: LiveTopic;
  dashboards: StaffRole[];
  id?: string;
  presence?: TicketPresence;
};

/**
 * Tells every instance's dashboards, once the surrounding transaction commits (PostgreSQL
 * delivers a NOTIFY only then, and never for a rollback).
 */
export async function notifyStaff(tx: Transaction | Database, event: StaffEvent): Promise<void> {
  await tx.execute(staffNoticeSql(event));
}

/** The NOTIFY as a statement of its own, for writers that end a larger statement with it. */
export const staffNoticeSql = (event: StaffEvent) =>
  sql`select pg_notify(${STAFF_CHANNEL}, ${JSON.stringify(event)})`;

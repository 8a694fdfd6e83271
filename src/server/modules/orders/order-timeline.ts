import { type SQL, sql } from "drizzle-orm";
import type { TimelineEntry } from "../../../shared/contracts/sales.ts";
import type { OrderStatus } from "../../../shared/rules/order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import type { StaffMember } from "../staff/index.ts";
import { orderEvents } from "./schema.ts";

export type TimelineKind = TimelineEntry["kind"];

export type OrderEvent = {
  orderId: number;
  kind: TimelineKind;
  status: OrderStatus;
  by: Pick<StaffMember, "id" | "name"> | null;
  note?: string | null;
};

/** The timeline row of a change. */
function orderEventRow(event: OrderEvent) {
  return {
    orderId: event.orderId,
    kind: event.kind,
    status: event.status,
    staffId: event.by?.id ?? null,
    staffName: event.by?.name ?? null,
    note: event.note ?? null,
  } satisfies typeof orderEvents.$inferInsert;
}

/** Adds a change to the order's timeline, in the transaction that makes it. */
export async function recordOrderEvent(
  tx: Transaction | Database,
  event: OrderEvent,
): Promise<void> {
  await orderEventsInsert(tx, [event]);
}

/**
 * The timeline rows of changes in one insert, for writers that run it as one part of a larger
 * statement (whose parts run in no promised order: one insert keeps the rows in id order).
 */
export function orderEventsInsert(tx: Transaction | Database, events: readonly OrderEvent[]) {
  return tx.insert(orderEvents).values(events.map(orderEventRow));
}

/**
 * The insert that adds a change of `kind` with `note` to the timeline of each row (order_id,
 * status) of the CTE `from`: the main statement of a larger one, after its CTEs.
 */
export function timelineFromSql(from: string, kind: TimelineKind, note: string): SQL {
  return sql`insert into order_events (order_id, kind, status, note)
    select order_id, ${kind}, status, ${note} from ${sql.raw(from)}`;
}

/** The timeline as the board shows it: the placing first, then every change in order. */
export function timelineOf(
  order: { placedAt: Date },
  events: readonly (typeof orderEvents.$inferSelect)[],
): TimelineEntry[] {
  return [
    {
      status: "placed",
      kind: "status",
      at: order.placedAt.toISOString(),
      staffName: null,
      note: "Placed by the shopper",
    },
    ...events.map((row) => ({
      status: row.status as OrderStatus,
      kind: row.kind as TimelineKind,
      at: row.at.toISOString(),
      staffName: row.staffName,
      note: row.note,
    })),
  ];
}

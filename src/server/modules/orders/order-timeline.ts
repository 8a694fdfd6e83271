import type { TimelineEntry } from "../../../shared/contracts/sales.ts";
import type { OrderStatus } from "../../../shared/rules/order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { orderEvents } from "../../db/schema/index.ts";
import type { StaffMember } from "../staff/index.ts";

export type TimelineKind = TimelineEntry["kind"];

export type OrderEvent = {
  orderId: number;
  kind: TimelineKind;
  status: OrderStatus;
  by: Pick<StaffMember, "id" | "name"> | null;
  note?: string | null;
};

/** The timeline row of a change; for writers that insert it as part of a larger statement. */
export function orderEventRow(event: OrderEvent) {
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
  await tx.insert(orderEvents).values(orderEventRow(event));
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

import { asc, eq } from "drizzle-orm";
import type { TimelineEntry } from "../../../shared/contracts/sales.ts";
import type { OrderStatus } from "../../../shared/rules/order-status.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { orderEvents } from "../../db/schema/index.ts";
import type { StaffMember } from "../staff/staff-guard.ts";

export type TimelineKind = TimelineEntry["kind"];

/** Adds a change to the order's timeline, in the transaction that makes it. */
export async function recordOrderEvent(
  tx: Transaction | Database,
  event: {
    orderId: number;
    kind: TimelineKind;
    status: OrderStatus;
    by: Pick<StaffMember, "id" | "name"> | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    status: event.status,
    staffId: event.by?.id ?? null,
    staffName: event.by?.name ?? null,
    note: event.note ?? null,
  });
}

/** The timeline as the board shows it: the placing first, then every change in order. */
export async function readTimeline(
  db: Database | Transaction,
  order: { id: number; placedAt: Date },
): Promise<TimelineEntry[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  return [
    {
      status: "placed",
      kind: "status",
      at: order.placedAt.toISOString(),
      staffName: null,
      note: "Placed by the shopper",
    },
    ...rows.map((row) => ({
      status: row.status as OrderStatus,
      kind: row.kind as TimelineKind,
      at: row.at.toISOString(),
      staffName: row.staffName,
      note: row.note,
    })),
  ];
}

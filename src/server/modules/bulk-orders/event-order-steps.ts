// What a move of an event order on the Sales board does to the event itself, in the move's own
// transaction: delivered there, the event is delivered; packed short below its advance, the part
// of the advance beyond what was packed is owed back; cancelled there, it is cancelled under the
// terms' fee (processing has begun), the rest of the advance owed back. App.ts hands these
// steps to the Sales moves, so fulfilment calls bulk-orders and never the other way.
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.ts";
import { notifyStaff } from "../live/index.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { confirmationLink } from "./bulk-order-link.ts";
import { cancelUnderTerms } from "./cancel-under-terms.ts";
import { oweBack } from "./owe-back.ts";
import { paidSoFar } from "./paid-so-far.ts";
import { bulkOrders } from "./schema.ts";

/** What a move of an event order on the Sales board does to the event order itself. */
export type EventOrderSteps = {
  delivered(tx: Transaction, order: { eventTicket: string; by: string }): Promise<void>;
  /**
   * Packed short below what was paid toward its goods: the part of the advance beyond the packed
   * total is owed back. Answers the bulk order whose advance is owed back, if any.
   */
  shortPicked(
    tx: Transaction,
    order: { eventTicket: string; totalPaise: number; by: string },
  ): Promise<number | null>;
  /** Answers the bulk order whose advance is owed back, if any. */
  cancelled(
    tx: Transaction,
    order: { eventTicket: string; by: string; reason: string },
  ): Promise<number | null>;
};

async function lockEvent(tx: Transaction, ticketId: string): Promise<BulkOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(bulkOrders)
    .where(eq(bulkOrders.ticketId, ticketId))
    .for("update");
  return row?.status === "confirmed" ? row : undefined;
}

/** The steps, with the links their mails carry (app.ts hands them to the Sales moves). */
export function eventOrderStepsFor(publicUrl: string, linkSecret: string): EventOrderSteps {
  return eventOrderSteps({
    linkFor: (ticketId) => confirmationLink(publicUrl, linkSecret, ticketId),
  });
}

function eventOrderSteps(deps: { linkFor: (ticketId: string) => string }): EventOrderSteps {
  return {
    async delivered(tx, { eventTicket, by }) {
      const row = await lockEvent(tx, eventTicket);
      if (!row) return;
      await tx
        .update(bulkOrders)
        .set({
          status: "delivered",
          deliveredAt: new Date(),
          version: sql`${bulkOrders.version} + 1`,
          updatedAt: new Date(),
          updatedBy: by,
        })
        .where(eq(bulkOrders.id, row.id));
      await notifyStaff(tx, { ...BULK_EVENT, id: eventTicket });
    },
    async shortPicked(tx, { eventTicket, totalPaise, by }) {
      const row = await lockEvent(tx, eventTicket);
      if (!row) return null;
      const paid = await paidSoFar(tx, row.id);
      const beyond = paid.total - (row.feePaise ?? 0) - totalPaise;
      if (beyond <= 0) return null;
      const owed = await oweBack(
        tx,
        {
          bulkOrderId: row.id,
          reference: `bulk-short:${eventTicket}`,
          reason: "Short-picked at packing",
          amountPaise: beyond,
        },
        paid.charges,
      );
      await tx
        .update(bulkOrders)
        .set({ version: sql`${bulkOrders.version} + 1`, updatedAt: new Date(), updatedBy: by })
        .where(eq(bulkOrders.id, row.id));
      await notifyStaff(tx, { ...BULK_EVENT, id: eventTicket });
      return owed > 0 ? row.id : null;
    },
    async cancelled(tx, { eventTicket, by, reason }) {
      const row = await lockEvent(tx, eventTicket);
      if (!row) return null;
      // On the board, processing has begun: the terms' fee is kept, the rest of the advance goes back.
      const { owesRefund } = await cancelUnderTerms(tx, row, {
        reason,
        by,
        link: deps.linkFor(eventTicket),
      });
      await notifyStaff(tx, { ...BULK_EVENT, id: eventTicket });
      return owesRefund ? row.id : null;
    },
  };
}

// A confirmed event order becomes a shop order on its day: its quote's lines, at the quote's
// prices, take their stock and join the Sales board and the pick list (EVENT_ORDER_BOARD_HOUR);
// the shop's moves then invoice it from the store's series and count it in the figures. The
// balance (the quote less what was paid) is the order's cash to collect. The desk may send it
// earlier, saying why.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import { BULK_PIPELINE_MESSAGES } from "../../../shared/contracts/bulk-pipeline.ts";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import { balanceOf } from "../../../shared/rules/bulk-changes.ts";
import { shopDate } from "../../../shared/rules/bulk-delivery-date.ts";
import { BULK_STATUS_LABELS, type BulkStatus } from "../../../shared/rules/bulk-order-status.ts";
import { EVENT_ORDER_TEXT, eventOrderDue } from "../../../shared/rules/event-orders.ts";
import type { EventType } from "../../../shared/rules/event-types.ts";
import { formatQuantity } from "../../../shared/rules/measure.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { withUniqueRetry } from "../../db/with-unique-retry.ts";
import { AppError, notFound } from "../../http/app-error.ts";
import { repeatingTask } from "../../workers/repeating-task.ts";
import { newOrderNumber } from "../checkout/index.ts";
import { notifyStaff } from "../live/index.ts";
import { writeOrder } from "../orders/index.ts";
import { orders } from "../orders/schema.ts";
import { cancelPendingBulkPayments } from "../payments/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { eventOrderNumber } from "./event-order-number.ts";
import { paidSoFar } from "./paid-so-far.ts";
import { bulkOrderLines, bulkOrders } from "./schema.ts";

const ORDER_NUMBER_ATTEMPTS = 5;

/** The shop's own city and state: an event's place is one line typed by the planner. */
const SHOP_CITY = "Bhubaneswar";
const SHOP_STATE = "Odisha";

export type EventOrderPlacing =
  | { ticketId: string; orderNumber: string }
  | { ticketId: string; short: { name: string; unit: string; missing: number }[] };

/** Customer Relations sending an event order to the board before its day comes round. */
export type SentByDesk = { request: FastifyRequest; version: number; reason: string | undefined };

/**
 * Places one event order, under its row's lock so two runs place it once. Sent by the desk, the
 * order must still be as the member saw it, and before its day a reason is kept in the audit.
 */
async function placeEventOrder(
  db: Database,
  ticketId: string,
  now: Date,
  desk?: SentByDesk,
): Promise<EventOrderPlacing | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, ticketId))
      .for("update");
    if (desk) await checkDeskSend(tx, ticketId, row, desk, now);
    if (row?.status !== "confirmed" || (await eventOrderNumber(tx, ticketId))) return null;
    const lines = await tx
      .select()
      .from(bulkOrderLines)
      .where(eq(bulkOrderLines.bulkOrderId, row.id))
      .orderBy(asc(bulkOrderLines.productId));
    if (lines.length === 0) return null;
    const paid = await paidSoFar(tx, row.id);
    const quotePaise = row.quotePaise ?? 0;
    const balancePaise = balanceOf(quotePaise, row.feePaise ?? 0, paid.total);
    const subtotalPaise = lines.reduce((sum, line) => sum + line.taxablePaise, 0);
    const gstPaise = lines.reduce((sum, line) => sum + line.gstPaise, 0);
    const [firstName, ...rest] = row.name.trim().split(/\s+/);
    const retry = {
      constraint: "orders_order_number_unique",
      attempts: ORDER_NUMBER_ATTEMPTS,
      what: "order number",
    };
    let orderNumber = "";
    // A savepoint per attempt: a number already taken must not abort the whole transaction.
    const written = await withUniqueRetry(retry, async () => {
      orderNumber = newOrderNumber();
      return tx.transaction(async (attempt) =>
        writeOrder(attempt, {
          order: {
            orderNumber,
            status: "placed",
            paymentStatus: balancePaise > 0 ? "pending" : "paid",
            paymentMethod: "cash",
            firstName: firstName ?? row.name,
            lastName: rest.join(" "),
            email: row.email,
            phone: row.phone,
            address: row.location,
            city: SHOP_CITY,
            state: SHOP_STATE,
            pincode: /\b(\d{6})\b/.exec(row.location)?.[1] ?? "",
            notes: EVENT_ORDER_TEXT.note(
              ticketId,
              row.eventType as EventType,
              quotePaise - balancePaise,
              balancePaise,
            ),
            subtotalPaise,
            gstPaise,
            deliveryFeePaise: row.deliveryChargePaise ?? 0,
            totalPaise: quotePaise,
            browserKeyHash: row.browserKeyHash,
            customerId: row.customerId,
            placedAt: now,
            eventTicket: ticketId,
          },
          lines: lines.map((line) => ({
            productId: line.productId,
            name: line.name,
            unit: line.unit,
            hsnCode: line.hsnCode,
            unitPricePaise: line.unitPricePaise,
            quantity: line.quantity,
            gstRateBps: line.gstRateBps,
            taxablePaise: line.taxablePaise,
            gstPaise: line.gstPaise,
          })),
          payment: {
            method: "cash",
            status: balancePaise > 0 ? "pending" : "paid",
            amountPaise: balancePaise,
            gateway: "cash",
            transactionId: null,
            instrumentSummary: PAYMENT_METHOD_LABELS.cash,
          },
        }),
      );
    });
    if (written.orderId === null) {
      const stock = "stock" in written ? written.stock : new Map<string, number>();
      return {
        ticketId,
        short: lines
          .filter((line) => (stock.get(line.productId) ?? 0) < line.quantity)
          .map((line) => ({
            name: line.name,
            unit: line.unit,
            missing: line.quantity - (stock.get(line.productId) ?? 0),
          })),
      };
    }
    // An approved cash-on-delivery request's pending payment is now the order's to collect.
    await cancelPendingBulkPayments(tx, row.id);
    const by = desk ? staffMemberOf(desk.request).name : "the shop";
    await tx
      .update(bulkOrders)
      .set({ version: sql`${bulkOrders.version} + 1`, updatedAt: now, updatedBy: by })
      .where(eq(bulkOrders.id, row.id));
    if (desk) {
      await recordAudit(tx, desk.request, {
        action: "bulk.to_board",
        targetType: "bulk_order",
        targetId: ticketId,
        before: { status: row.status },
        after: { orderNumber, ...(desk.reason && { reason: desk.reason }) },
      });
    }
    await notifyStaff(tx, { ...BULK_EVENT, id: ticketId });
    return { ticketId, orderNumber };
  });
}

async function checkDeskSend(
  tx: Transaction,
  ticketId: string,
  row: BulkOrderRow | undefined,
  desk: SentByDesk,
  now: Date,
): Promise<void> {
  if (!row) throw notFound(BULK_PIPELINE_MESSAGES.noRequest(ticketId));
  if (row.version !== desk.version) {
    throw new AppError(
      "CONFLICT",
      BULK_PIPELINE_MESSAGES.changed(row.updatedBy === "customer" ? null : row.updatedBy),
    );
  }
  const onBoard = await eventOrderNumber(tx, ticketId);
  if (onBoard) throw new AppError("CONFLICT", EVENT_ORDER_TEXT.onBoard(ticketId, onBoard));
  if (row.status !== "confirmed") {
    const status = BULK_STATUS_LABELS[row.status as BulkStatus] ?? row.status;
    throw new AppError(
      "CONFLICT",
      BULK_PIPELINE_MESSAGES.cannot("sent to the board", ticketId, status),
    );
  }
  if (!eventOrderDue(row.deliveryDate, now) && !desk.reason) {
    throw new AppError("VALIDATION_FAILED", EVENT_ORDER_TEXT.earlyReasonRequired, "reason");
  }
}

/** The desk sends a confirmed event order to the board now; refused while its shelves lack stock. */
export async function sendEventOrderToBoard(
  db: Database,
  ticketId: string,
  desk: SentByDesk,
  now = new Date(),
): Promise<string> {
  const outcome = await placeEventOrder(db, ticketId, now, desk);
  if (outcome && "orderNumber" in outcome) return outcome.orderNumber;
  const short = (outcome?.short ?? [])
    .map((line) => `${line.name} short by ${formatQuantity(line.missing, line.unit)}`)
    .join(", ");
  throw new AppError("CONFLICT", EVENT_ORDER_TEXT.waitingForStock(ticketId, short));
}

/**
 * Every confirmed event order whose day has come and is not yet on the board: placed, or left
 * waiting (with what its shelves lack) until the stock is received; the next pass tries again.
 */
export async function placeDueEventOrders(
  db: Database,
  now = new Date(),
): Promise<EventOrderPlacing[]> {
  const due = await db
    .select({ ticketId: bulkOrders.ticketId, deliveryDate: bulkOrders.deliveryDate })
    .from(bulkOrders)
    .where(
      and(
        eq(bulkOrders.status, "confirmed"),
        lte(bulkOrders.deliveryDate, shopDate(now)),
        sql`not exists (select 1 from ${orders} where ${orders.eventTicket} = ${bulkOrders.ticketId})`,
      ),
    )
    .orderBy(asc(bulkOrders.deliveryDate), asc(bulkOrders.id));
  const placed: EventOrderPlacing[] = [];
  for (const order of due) {
    if (!eventOrderDue(order.deliveryDate, now)) continue;
    const outcome = await placeEventOrder(db, order.ticketId, now);
    if (outcome) placed.push(outcome);
  }
  return placed;
}

/** Every minute (main.ts starts it): the event orders whose day has come. */
export function createEventOrderPlacing(deps: { db: Database; log: FastifyBaseLogger }) {
  return repeatingTask(
    "event-orders",
    async () => {
      for (const outcome of await placeDueEventOrders(deps.db)) {
        if ("short" in outcome) {
          deps.log.warn(
            { ticketId: outcome.ticketId, short: outcome.short },
            "an event order waits for stock",
          );
        } else {
          deps.log.info(outcome, "an event order reached the board");
        }
      }
    },
    { intervalMs: 60_000, log: deps.log },
  );
}

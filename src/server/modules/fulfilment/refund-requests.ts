// Refund requests: Customer Relations asks Sales, from a ticket, to refund a delivered order of
// the ticket's customer; the request waits on the Sales board until a refund names it, and the
// ticket shows when that was.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  REFUND_REQUEST_MESSAGES,
  type RefundRequest,
  type RefundRequestInput,
} from "../../../shared/contracts/refund-requests.ts";
import { anythingLeftToRefund } from "../../../shared/rules/delivered-refund.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { AppError } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { recordAudit, type StaffMember, staffMemberOf } from "../staff/index.ts";
import { refundableOf } from "./refund-delivered.ts";
import { deliveredRefunds, refundRequests } from "./schema.ts";

/** Whose tickets and orders are whose: the same email, or the same account. */
export type CustomerOfTicket = { reference: string; email: string; customerId: string | null };

/** The refund-request list on the Sales board, and the ticket, refetch. */
async function tellBoth(tx: Transaction, ticketReference: string) {
  await notifyStaff(tx, { topic: LIVE_TOPICS.refundRequests, dashboards: ["sales"] });
  await notifyStaff(tx, {
    topic: LIVE_TOPICS.supportTicket,
    dashboards: ["customer-relations"],
    id: ticketReference,
  });
}

/**
 * Asks Sales to refund one of the ticket's customer's delivered orders. A second ask for the
 * same order from the same ticket while the first is open is refused (409).
 */
export async function askForRefund(
  db: Database,
  request: FastifyRequest,
  ticket: CustomerOfTicket,
  ask: RefundRequestInput,
): Promise<void> {
  const member = staffMemberOf(request);
  try {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          email: orders.email,
          customerId: orders.customerId,
          deliveryFeePaise: orders.deliveryFeePaise,
        })
        .from(orders)
        .where(eq(orders.orderNumber, ask.orderNumber));
      const theirs =
        order &&
        (order.email.toLowerCase() === ticket.email.toLowerCase() ||
          (ticket.customerId !== null && order.customerId === ticket.customerId));
      if (!order || !theirs) {
        throw new AppError("VALIDATION_FAILED", REFUND_REQUEST_MESSAGES.notTheirs, "orderNumber");
      }
      if (order.status !== "delivered") {
        throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.notDelivered, "orderNumber");
      }
      // A request Sales could never answer would wait on its board for good.
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      const earlier = await tx
        .select({
          lines: deliveredRefunds.lines,
          deliveryFeePaise: deliveredRefunds.deliveryFeePaise,
        })
        .from(deliveredRefunds)
        .where(eq(deliveredRefunds.orderId, order.id));
      if (!anythingLeftToRefund(refundableOf(order, lines, earlier))) {
        throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.nothingLeft, "orderNumber");
      }
      const [made] = await tx
        .insert(refundRequests)
        .values({
          orderId: order.id,
          ticketReference: ticket.reference,
          note: ask.note,
          requestedBy: member.id,
          requestedByName: member.name,
        })
        .returning({ id: refundRequests.id });
      await recordAudit(tx, request, {
        action: "refund_request.create",
        targetType: "ticket",
        targetId: ticket.reference,
        after: { requestId: made!.id, orderNumber: ask.orderNumber, note: ask.note },
      });
      await tellBoth(tx, ticket.reference);
    });
  } catch (error) {
    if (isUniqueViolation(error, "refund_requests_one_open_idx")) {
      throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.alreadyAsked, "orderNumber");
    }
    throw error;
  }
}

/**
 * Marks the request a refund answers done, in the refund's transaction: it must be open and of
 * the same order. Answers its ticket, to tell.
 */
export async function answerRefundRequest(
  tx: Transaction,
  requestId: number,
  refund: { orderId: number; deliveredRefundId: number },
  member: Pick<StaffMember, "name">,
): Promise<void> {
  const [done] = await tx
    .update(refundRequests)
    .set({
      state: "done",
      deliveredRefundId: refund.deliveredRefundId,
      doneAt: sql`now()`,
      doneByName: member.name,
    })
    .where(
      and(
        eq(refundRequests.id, requestId),
        eq(refundRequests.orderId, refund.orderId),
        eq(refundRequests.state, "open"),
      ),
    )
    .returning({ ticketReference: refundRequests.ticketReference });
  if (!done) throw new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.notOpen, "requestId");
  await tellBoth(tx, done.ticketReference);
}

/** Sales says why a request is not refunded; the ticket shows it. Only an open request. */
export async function declineRefundRequest(
  db: Database,
  request: FastifyRequest,
  id: number,
  note: string,
): Promise<void> {
  const member = staffMemberOf(request);
  await db.transaction(async (tx) => {
    const [declined] = await tx
      .update(refundRequests)
      .set({ state: "declined", doneAt: sql`now()`, doneByName: member.name, declineNote: note })
      .where(and(eq(refundRequests.id, id), eq(refundRequests.state, "open")))
      .returning({ ticketReference: refundRequests.ticketReference });
    if (!declined) {
      const [exists] = await tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(eq(refundRequests.id, id));
      throw exists
        ? new AppError("CONFLICT", REFUND_REQUEST_MESSAGES.notOpen)
        : new AppError("NOT_FOUND", REFUND_REQUEST_MESSAGES.notFound);
    }
    await recordAudit(tx, request, {
      action: "refund_request.decline",
      targetType: "ticket",
      targetId: declined.ticketReference,
      after: { requestId: id, note },
    });
    await tellBoth(tx, declined.ticketReference);
  });
}

type RequestRow = {
  id: number;
  order_number: string;
  ticket_reference: string;
  note: string;
  requested_by_name: string;
  created_at: string | Date;
  state: RefundRequest["state"];
  done_at: string | Date | null;
  done_by_name: string | null;
  total_paise: number | null;
  credit_note_number: string | null;
  decline_note: string | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function requestOf(row: RequestRow): RefundRequest {
  return {
    id: Number(row.id),
    orderNumber: row.order_number,
    ticketReference: row.ticket_reference,
    note: row.note,
    requestedBy: row.requested_by_name,
    requestedAt: iso(row.created_at),
    state: row.state,
    doneAt: row.done_at === null ? null : iso(row.done_at),
    doneBy: row.done_by_name,
    refundedPaise: row.total_paise === null ? null : Number(row.total_paise),
    creditNoteNumber: row.credit_note_number,
    declineNote: row.decline_note,
  };
}

const requestsSql = sql`
  select q.id, o.order_number, q.ticket_reference, q.note, q.requested_by_name, q.created_at,
    q.state, q.done_at, q.done_by_name, d.total_paise, d.credit_note_number, q.decline_note
  from ${refundRequests} q
  join ${orders} o on o.id = q.order_id
  left join ${deliveredRefunds} d on d.id = q.delivered_refund_id`;

/** A ticket's requests, oldest first. */
export async function refundRequestsOfTicket(
  db: Database | Transaction,
  reference: string,
): Promise<RefundRequest[]> {
  return rowsOf<RequestRow>(
    await db.execute(sql`${requestsSql} where q.ticket_reference = ${reference} order by q.id`),
  ).map(requestOf);
}

/** What waits for Sales: every open request, oldest first. */
export async function openRefundRequests(db: Database): Promise<RefundRequest[]> {
  return rowsOf<RequestRow>(
    await db.execute(sql`${requestsSql} where q.state = 'open' order by q.created_at, q.id`),
  ).map(requestOf);
}

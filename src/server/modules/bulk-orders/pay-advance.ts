import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  BANK_LABELS,
  BULK_PAYMENT_MESSAGES,
  type BulkPayment,
} from "../../../shared/contracts/bulk-orders.ts";
import { type BulkStatus, canPayAdvance } from "../../../shared/rules/bulk-order-status.ts";
import { ONLINE_PAYMENT_UNAVAILABLE } from "../../../shared/rules/payment-options.ts";
import type { Database } from "../../db/client.ts";
import { bulkOrders, payments } from "../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import {
  completeIdempotencyKey,
  hashRequest,
  runOncePerKey,
  type StoredResponse,
} from "../idempotency/idempotency-store.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { refuseDeclined } from "../payments/declined-payment.ts";
import type {
  ChargeResult,
  PaymentGateway,
  PaymentInstrument,
} from "../payments/payment-gateway.ts";
import { owe, payRefunds } from "../payments/refunds.ts";
import { notifyStaff } from "../staff/staff-notify.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { bulkReceiptMail } from "./bulk-order-emails.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";

const SCOPE = "bulk-advance";

export type AdvanceDeps = {
  db: Database;
  log: Pick<FastifyBaseLogger, "error">;
  /** None: the store has no payment provider and takes cash on delivery only. */
  gateway: PaymentGateway | undefined;
  linkFor: (ticketId: string) => string;
};

type Approved = Extract<ChargeResult, { outcome: "approved" }>;

/** Card numbers and CVVs never reach storage, not even hashed. */
function fingerprint(ticketId: string, payment: BulkPayment): unknown {
  if (payment.method !== "credit_card") return { ticketId, payment };
  return {
    ticketId,
    method: payment.method,
    last4: payment.card.number.slice(-4),
    expiry: payment.card.expiry,
  };
}

function instrumentOf(
  payment: Exclude<BulkPayment, { method: "cash_on_delivery" }>,
): PaymentInstrument {
  switch (payment.method) {
    case "credit_card":
      return { kind: "card", ...payment.card };
    case "upi":
      return { kind: "upi", upiId: payment.upiId };
    case "net_banking":
      return { kind: "net_banking", bank: payment.bank, bankName: BANK_LABELS[payment.bank] };
  }
}

/** Why this request cannot take an advance now, in words its requester understands. */
function notPayable(row: BulkOrderRow): AppError {
  const messages: Partial<Record<BulkStatus, string>> = {
    awaiting_review:
      "Your request is still being reviewed. You can pay the advance once we send your quote.",
    advance_paid: `The advance for ${row.ticketId} has already been paid.`,
    confirmed: `${row.ticketId} is already confirmed.`,
    delivered: `${row.ticketId} has been delivered.`,
    cancelled: `${row.ticketId} was cancelled, so no payment is due.`,
  };
  return new AppError(
    "CONFLICT",
    messages[row.status as BulkStatus] ?? "This request cannot be paid now.",
  );
}

/**
 * Pays a quoted request's 50% advance (or confirms an approved cash-on-delivery request). One
 * Idempotency-Key gives one answer; the gateway reference is the ticket's, so two attempts with
 * different keys still charge the advance once.
 */
export async function payAdvance(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  payment: BulkPayment,
  idempotencyKey: string,
): Promise<StoredResponse> {
  // Refused before the key is claimed: nothing is written, and the same key may then pay cash.
  if (payment.method !== "cash_on_delivery" && !deps.gateway) {
    throw new AppError("VALIDATION_FAILED", ONLINE_PAYMENT_UNAVAILABLE, "method");
  }
  let approved: Approved | undefined;
  return runOncePerKey(
    deps.db,
    {
      scope: SCOPE,
      key: idempotencyKey,
      requestHash: hashRequest(fingerprint(row.ticketId, payment)),
    },
    () =>
      runPayment(deps, row, payment, idempotencyKey, (charge) => {
        approved = charge;
      }),
    async () => {
      if (approved) await deps.gateway?.refund(approved.transactionId, row.advancePaise ?? 0);
    },
  );
}

async function runPayment(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  payment: BulkPayment,
  idempotencyKey: string,
  charged: (charge: Approved) => void,
): Promise<StoredResponse> {
  const { db } = deps;
  if (
    !canPayAdvance(row.status as BulkStatus) ||
    row.advancePaise === null ||
    row.quotePaise === null
  ) {
    throw notPayable(row);
  }
  const amountPaise = row.advancePaise;

  if (payment.method === "cash_on_delivery") {
    if (!row.codApproved)
      throw new AppError("VALIDATION_FAILED", BULK_PAYMENT_MESSAGES.codNotApproved, "method");
    return commit(deps, row, idempotencyKey, {
      status: "confirmed",
      payment: {
        method: payment.method,
        status: "pending",
        amountPaise: row.quotePaise,
        gateway: "cash",
        transactionId: null,
        instrumentSummary: "Cash on Delivery",
      },
    });
  }

  const gateway = deps.gateway;
  if (!gateway) throw new AppError("VALIDATION_FAILED", ONLINE_PAYMENT_UNAVAILABLE, "method");
  const charge = await gateway.charge({
    method: payment.method,
    amountPaise,
    instrument: instrumentOf(payment),
    // One charge per quote the customer saw: a re-quote (even back to the same amount) is a new
    // reference, so the provider never answers with a charge that was refunded meanwhile.
    reference: `bulk-advance:${row.ticketId}:${row.version}:${amountPaise}`,
    description: `Fresh Harvest Hub bulk order ${row.ticketId}: 50% advance`,
  });
  if (charge.outcome === "declined") {
    return refuseDeclined(db, charge, {
      bulkOrderId: row.id,
      method: payment.method,
      amountPaise,
      gateway: gateway.name,
      idempotencyKey,
    });
  }
  charged(charge);
  return commit(deps, row, idempotencyKey, {
    status: "advance_paid",
    payment: {
      method: payment.method,
      status: "paid",
      amountPaise,
      gateway: gateway.name,
      transactionId: charge.transactionId,
      instrumentSummary: charge.instrumentSummary,
    },
  });
}

type Outcome = {
  status: "advance_paid" | "confirmed";
  payment: Omit<typeof payments.$inferInsert, "bulkOrderId" | "idempotencyKey">;
};

/** Moves the request on, records the payment and queues the receipt, all or nothing. */
async function commit(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  idempotencyKey: string,
  outcome: Outcome,
): Promise<StoredResponse> {
  const now = new Date();
  const stamp = outcome.status === "advance_paid" ? { advancePaidAt: now } : { confirmedAt: now };
  const answer = await deps.db.transaction(async (tx) => {
    // Only the quote the shopper saw: staff may have re-quoted or cancelled in the meantime.
    const [moved] = await tx
      .update(bulkOrders)
      .set({
        status: outcome.status,
        ...stamp,
        updatedAt: now,
        // The dashboard's next move must see that the customer paid.
        version: sql`${bulkOrders.version} + 1`,
        updatedBy: "customer",
      })
      .where(
        and(
          eq(bulkOrders.id, row.id),
          eq(bulkOrders.status, "awaiting_payment"),
          eq(bulkOrders.version, row.version),
        ),
      )
      .returning();
    if (!moved) return undefined;
    await tx.insert(payments).values({ ...outcome.payment, bulkOrderId: row.id, idempotencyKey });
    const view = await loadBulkOrderView(tx, moved);
    await enqueueMail(tx, bulkReceiptMail(view, deps.linkFor(row.ticketId)));
    await notifyStaff(tx, { ...BULK_EVENT, id: row.ticketId });
    const response: StoredResponse = { status: 200, body: view };
    await completeIdempotencyKey(tx, SCOPE, idempotencyKey, response);
    return response;
  });
  if (answer) return answer;
  return lostRace(deps, row, idempotencyKey, outcome);
}

/**
 * Another attempt got there first, or staff changed the request while the shopper paid. The same
 * charge (the gateway answered a second attempt with the first's transaction) is simply the
 * answer; any other money taken goes back.
 */
async function lostRace(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  idempotencyKey: string,
  outcome: Outcome,
): Promise<StoredResponse> {
  const [current] = await deps.db.select().from(bulkOrders).where(eq(bulkOrders.id, row.id));
  const transactionId = outcome.payment.transactionId;
  if (transactionId) {
    const [same] = await deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.bulkOrderId, row.id),
          eq(payments.transactionId, transactionId),
          eq(payments.status, "paid"),
        ),
      );
    if (same && current) {
      const response = { status: 200, body: await loadBulkOrderView(deps.db, current) };
      await completeIdempotencyKey(deps.db, SCOPE, idempotencyKey, response);
      return response;
    }
    // Owed and recorded before it is paid: a refund the provider refuses now is retried by the
    // refund worker, never lost; its reference makes it happen once.
    await deps.db.transaction(async (tx) => {
      await tx.insert(payments).values({
        ...outcome.payment,
        bulkOrderId: row.id,
        status: "refunded",
        failureReason: "Refunded: the request changed while paying",
      });
      await owe(tx, {
        bulkOrderId: row.id,
        reference: `bulk-advance-lost:${transactionId}`,
        transactionId,
        gateway: outcome.payment.gateway,
        amountPaise: outcome.payment.amountPaise,
        reason: "The request changed while paying",
      });
    });
    await payRefunds(deps.db, deps.gateway, deps.log, { bulkOrderId: row.id });
  }
  throw new AppError(
    "CONFLICT",
    "Your request changed while you were paying (a new quote, or it was updated by our team). Any amount taken has been refunded. Please reload the page.",
  );
}

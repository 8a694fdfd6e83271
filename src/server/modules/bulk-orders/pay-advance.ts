import { and, eq, sql, TransactionRollbackError } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  BULK_PAYMENT_MESSAGES,
  BULK_PAYMENT_METHOD_LABELS,
  type BulkOrderView,
  type BulkPayment,
} from "../../../shared/contracts/bulk-orders.ts";
import { type CheckoutSession, PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { CHANGE_TEXT } from "../../../shared/rules/bulk-changes.ts";
import { type BulkStatus, canPayAdvance } from "../../../shared/rules/bulk-order-status.ts";
import { ONLINE_PAYMENT_UNAVAILABLE } from "../../../shared/rules/payment-options.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import {
  completeIdempotencyKey,
  hashRequest,
  runOncePerKey,
  type StoredResponse,
} from "../idempotency/index.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import {
  alreadyCounted,
  checkoutSessionFor,
  markPaymentPaid,
  type PaymentGateway,
  type PaymentHold,
  type PaymentOwner,
  ProviderUnavailable,
  recordPayment,
  refundUnwanted,
} from "../payments/index.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import type { BulkOrderRow } from "./bulk-order-access.ts";
import { bulkDifferencePaidMail, bulkReceiptMail } from "./bulk-order-emails.ts";
import { dueNowOf, loadBulkOrderView } from "./bulk-order-view.ts";
import { bulkOrders } from "./schema.ts";

const SCOPE = "bulk-advance";

export type AdvanceDeps = {
  db: Database;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
  /** None: the store has no payment provider and takes cash on delivery only. */
  gateway: PaymentGateway | undefined;
  linkFor: (ticketId: string) => string;
  hold: PaymentHold;
};

/** The request, and the provider checkout that pays its advance when one was asked for. */
export type AdvanceAnswer = BulkOrderView & { checkout?: CheckoutSession };

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
 * Asks for a quoted request's 50% advance: an online method creates the provider's order for the
 * advance of the quote the shopper sees (the request moves on when it is paid, advanceOwner); an
 * approved cash-on-delivery request is confirmed at once. One Idempotency-Key gives one answer.
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
  try {
    return await runOncePerKey(
      deps.db,
      {
        scope: SCOPE,
        key: idempotencyKey,
        requestHash: hashRequest({ ticketId: row.ticketId, payment }),
      },
      () => runPayment(deps, row, payment, idempotencyKey),
      async () => {},
    );
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.unavailable, "method");
    }
    throw error;
  }
}

async function runPayment(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  payment: BulkPayment,
  idempotencyKey: string,
): Promise<StoredResponse> {
  const { db } = deps;
  // After a change that grew the order, the difference its advance lacks is paid the same way.
  const difference = row.status !== "awaiting_payment";
  const amountPaise = await dueNowOf(db, row);
  if (
    difference
      ? amountPaise <= 0
      : !canPayAdvance(row.status as BulkStatus) || row.quotePaise === null
  ) {
    throw notPayable(row);
  }
  if (difference && payment.method === "cash_on_delivery") {
    throw new AppError("VALIDATION_FAILED", CHANGE_TEXT.differenceOnline, "method");
  }
  if (payment.method === "cash_on_delivery") {
    if (!row.codApproved)
      throw new AppError("VALIDATION_FAILED", BULK_PAYMENT_MESSAGES.codNotApproved, "method");
    return confirmOnDelivery(deps, row, idempotencyKey);
  }
  const gateway = deps.gateway;
  if (!gateway) throw new AppError("VALIDATION_FAILED", ONLINE_PAYMENT_UNAVAILABLE, "method");
  const providerOrder = await gateway.createOrder({
    amountPaise,
    receipt: row.ticketId,
    notes: { bulk_ticket: row.ticketId, quote_version: String(row.version) },
  });
  const checkout = checkoutSessionFor(gateway, {
    providerOrderId: providerOrder.providerOrderId,
    amountPaise,
    method: payment.method,
    upiApp: payment.method === "upi" ? payment.upiApp : undefined,
    orderNumber: `${row.ticketId}: ${difference ? "difference" : "50% advance"}`,
    payer: { firstName: row.name, email: row.email, phone: row.phone },
    payBy: deps.hold.until(new Date()),
  });
  const answer: StoredResponse = {
    status: 200,
    body: { ...(await loadBulkOrderView(db, row)), checkout } satisfies AdvanceAnswer,
  };
  await db.transaction(async (tx) => {
    await recordPayment(tx, {
      bulkOrderId: row.id,
      method: payment.method,
      status: "pending",
      amountPaise,
      gateway: gateway.name,
      instrumentSummary: BULK_PAYMENT_METHOD_LABELS[payment.method],
      idempotencyKey,
      providerOrderId: providerOrder.providerOrderId,
      ownerVersion: row.version,
    });
    await completeIdempotencyKey(tx, SCOPE, idempotencyKey, answer);
  });
  return answer;
}

/** Moves the request on and queues the receipt; false when it changed since the shopper saw it. */
async function moveOn(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  to: "advance_paid" | "confirmed",
  paymentWrite: (tx: Transaction) => Promise<boolean>,
  after?: (view: BulkOrderView, tx: Transaction) => Promise<void>,
): Promise<boolean> {
  const now = new Date();
  const stamp = to === "advance_paid" ? { advancePaidAt: now } : { confirmedAt: now };
  return deps.db
    .transaction(async (tx) => {
      // Only the quote the shopper saw: staff may have re-quoted or cancelled in the meantime.
      const [moved] = await tx
        .update(bulkOrders)
        .set({
          status: to,
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
      if (!moved) return false;
      if (!(await paymentWrite(tx))) {
        tx.rollback();
      }
      const view = await loadBulkOrderView(tx, moved);
      await enqueueMail(
        tx,
        bulkReceiptMail({ ...view, locale: moved.locale }, deps.linkFor(row.ticketId)),
      );
      await notifyStaff(tx, { ...BULK_EVENT, id: row.ticketId });
      await after?.(view, tx);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
}

/** The difference a change asked for, taken if the order is still as it was when it was asked. */
async function takeDifference(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  amountPaise: number,
  paymentWrite: (tx: Transaction) => Promise<boolean>,
): Promise<boolean> {
  return deps.db
    .transaction(async (tx) => {
      const [kept] = await tx
        .update(bulkOrders)
        .set({
          version: sql`${bulkOrders.version} + 1`,
          updatedAt: new Date(),
          updatedBy: "customer",
        })
        .where(and(eq(bulkOrders.id, row.id), eq(bulkOrders.version, row.version)))
        .returning();
      if (!kept || !(await paymentWrite(tx))) tx.rollback();
      const view = await loadBulkOrderView(tx, kept!);
      await enqueueMail(
        tx,
        bulkDifferencePaidMail(
          { ...view, locale: kept!.locale },
          deps.linkFor(row.ticketId),
          amountPaise,
        ),
      );
      await notifyStaff(tx, { ...BULK_EVENT, id: row.ticketId });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
}

/** An approved cash-on-delivery request is confirmed with its payment due on delivery. */
async function confirmOnDelivery(
  deps: AdvanceDeps,
  row: BulkOrderRow,
  idempotencyKey: string,
): Promise<StoredResponse> {
  let answer: StoredResponse | undefined;
  const moved = await moveOn(
    deps,
    row,
    "confirmed",
    async (tx) => {
      await recordPayment(tx, {
        bulkOrderId: row.id,
        method: "cash_on_delivery",
        status: "pending",
        amountPaise: row.quotePaise!,
        gateway: "cash",
        transactionId: null,
        instrumentSummary: "Cash on Delivery",
        idempotencyKey,
      });
      return true;
    },
    async (view, tx) => {
      answer = { status: 200, body: view };
      await completeIdempotencyKey(tx, SCOPE, idempotencyKey, answer);
    },
  );
  if (moved && answer) return answer;
  throw new AppError(
    "CONFLICT",
    "Your request changed while you were confirming it (a new quote, or it was updated by our team). Please reload the page.",
  );
}

/**
 * Takes an advance paid through the provider's checkout, if the request still waits for the
 * advance of the very quote it was asked for; anything else is refunded.
 */
export function advanceOwner(deps: AdvanceDeps): PaymentOwner {
  return async (awaited, captured) => {
    const [row] = await deps.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.id, awaited.bulkOrderId!));
    const amountPaise = captured.amountPaise ?? awaited.amountPaise;
    if (row && awaited.status === "pending" && row.version === awaited.ownerVersion) {
      if (row.status === "awaiting_payment" && amountPaise === row.advancePaise) {
        const moved = await moveOn(deps, row, "advance_paid", (tx) =>
          markPaymentPaid(tx, awaited, captured),
        );
        if (moved) return "paid";
      } else if (amountPaise === (await dueNowOf(deps.db, row))) {
        const taken = await takeDifference(deps, row, amountPaise, (tx) =>
          markPaymentPaid(tx, awaited, captured),
        );
        if (taken) return "paid";
      }
    }
    if (await alreadyCounted(deps.db, awaited, captured.paymentId)) return "already_paid";
    return refundUnwanted(deps, awaited, captured, "The request changed while paying");
  };
}

import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import { owe, payRefunds } from "./refunds.ts";
import { payments } from "./schema.ts";

// Every webhook of a payment reads it: made once.
const awaitedRead = preparedOnce("awaited_payment", (db, name) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.providerOrderId, sql.placeholder("providerOrderId")),
        eq(payments.gateway, sql.placeholder("gateway")),
      ),
    )
    .prepare(name),
);

/** The store's record of a payment awaited against a provider order. */
export type AwaitedPayment = typeof payments.$inferSelect;

/** A payment the provider says it took, from the checkout's signed answer or a webhook. */
export type CapturedPayment = {
  paymentId: string;
  providerOrderId: string;
  /** What the provider took, when it said (a webhook, a fetch); the checkout's answer does not. */
  amountPaise: number | null;
  /** "Visa ending 1111", "UPI asha@okaxis"; null when the provider did not say. */
  summary: string | null;
};

/**
 * What came of a payment: it paid what it was for; it had already been counted (the browser and
 * the webhook both report every payment); it came too late or twice and is being refunded; or
 * the store never asked for it.
 */
export type IntakeOutcome = "paid" | "already_paid" | "refunded" | "unknown";

/** Takes a captured payment for what it pays (an order, a bulk advance), if that still waits. */
export type PaymentOwner = (
  awaited: AwaitedPayment,
  captured: CapturedPayment,
) => Promise<IntakeOutcome>;

export type IntakeDeps = {
  db: Database;
  gateway: PaymentGateway | undefined;
  log: Pick<FastifyBaseLogger, "error" | "warn">;
  /** Told what came of each payment reported, and of each failed try (the metrics). */
  onPayment?: (outcome: IntakeOutcome | "failed") => void;
};

/** What a payment can pay for; the module that owns each declares where its payments go. */
export type PaymentOwnerKind = "order" | "bulkOrder";

export function createPaymentIntake(deps: IntakeDeps) {
  const owners = new Map<PaymentOwnerKind, PaymentOwner>();
  const ownerOf = (kind: PaymentOwnerKind) => {
    const owner = owners.get(kind);
    if (!owner) throw new Error(`no module takes the payments of a ${kind}`);
    return owner;
  };

  async function awaitedFor(providerOrderId: string): Promise<AwaitedPayment | undefined> {
    if (!deps.gateway) return undefined;
    const [row] = await awaitedRead(deps.db).execute({
      providerOrderId,
      gateway: deps.gateway.name,
    });
    return row;
  }

  return {
    awaitedFor,
    /** Declared once, by the module that owns what the payment is for (checkout, bulk orders). */
    declareOwner(kind: PaymentOwnerKind, owner: PaymentOwner): void {
      if (owners.has(kind)) throw new Error(`the payments of a ${kind} already have an owner`);
      owners.set(kind, owner);
    },
    /** `known`: the awaited payment when the caller has just read it (the browser's report). */
    async take(captured: CapturedPayment, known?: AwaitedPayment): Promise<IntakeOutcome> {
      const outcome = await takeFor(captured, known);
      deps.onPayment?.(outcome);
      return outcome;
    },
    /** A failed try: the shopper may try again until the hold ends, so only its reason is kept. */
    async failed(providerOrderId: string, reason: string | null): Promise<void> {
      deps.onPayment?.("failed");
      await deps.db
        .update(payments)
        .set({ failureReason: reason ?? "The payment did not go through.", updatedAt: new Date() })
        .where(and(eq(payments.providerOrderId, providerOrderId), eq(payments.status, "pending")));
    },
  };

  async function takeFor(
    captured: CapturedPayment,
    known: AwaitedPayment | undefined,
  ): Promise<IntakeOutcome> {
    const awaited = known ?? (await awaitedFor(captured.providerOrderId));
    if (!awaited) {
      deps.log.warn(
        { providerOrderId: captured.providerOrderId, paymentId: captured.paymentId },
        "a payment arrived for a provider order this store did not create; left alone",
      );
      return "unknown";
    }
    if (paidBy(awaited, captured)) return "already_paid";
    if (awaited.orderId !== null) return ownerOf("order")(awaited, captured);
    if (awaited.bulkOrderId !== null) return ownerOf("bulkOrder")(awaited, captured);
    return "unknown";
  }
}

export type PaymentIntake = ReturnType<typeof createPaymentIntake>;

/**
 * The usual second report of a payment (the browser's and the webhook's both come), known from
 * the row just read, without another statement.
 */
export const paidBy = (awaited: AwaitedPayment, captured: Pick<CapturedPayment, "paymentId">) =>
  awaited.status === "paid" && awaited.transactionId === captured.paymentId;

/**
 * A payment the store cannot keep (the hold had ended, the shopper switched to cash, a second
 * tab paid twice, the request changed): recorded and owed back in one transaction, then paid.
 * The reference names the payment, so however often it is reported it is refunded once.
 */
export async function refundUnwanted(
  deps: IntakeDeps,
  awaited: AwaitedPayment,
  captured: CapturedPayment,
  reason: string,
): Promise<IntakeOutcome> {
  const owner =
    awaited.orderId !== null ? { orderId: awaited.orderId } : { bulkOrderId: awaited.bulkOrderId! };
  const amountPaise = captured.amountPaise ?? awaited.amountPaise;
  await deps.db.transaction(async (tx) => {
    // Reports of one payment arriving at once (its webhook redelivered, the browser's report) all
    // find no row yet: the unique index on the provider payment lets one of them write it, and
    // the others wait for it and write nothing, whichever instance they reach.
    await tx.execute(sql`
      insert into payments (order_id, bulk_order_id, method, status, amount_paise, gateway,
        transaction_id, instrument_summary, failure_reason, provider_order_id)
      values (${awaited.orderId}::integer, ${awaited.bulkOrderId}::integer, ${awaited.method},
        'refunded', ${amountPaise}::integer, ${awaited.gateway}, ${captured.paymentId},
        ${captured.summary ?? awaited.instrumentSummary}, ${reason}, null)
      on conflict (transaction_id, gateway) where transaction_id is not null do nothing`);
    await owe(tx, {
      ...owner,
      reference: `unwanted-${captured.paymentId}`,
      transactionId: captured.paymentId,
      gateway: awaited.gateway,
      amountPaise,
      reason,
    });
  });
  await payRefunds(deps.db, deps.gateway, deps.log, owner);
  return "refunded";
}

// Asked whenever the report and the webhook of one payment arrive together: made once.
const countedRead = preparedOnce("payment_counted", (db, name) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.transactionId, sql.placeholder("paymentId")),
        eq(payments.gateway, sql.placeholder("gateway")),
      ),
    )
    .limit(1)
    .prepare(name),
);

/**
 * Whether the store already knows this payment: counted for what it paid, or recorded and owed
 * back. Either way a second report of it changes nothing (and never files a second refund).
 */
export async function alreadyCounted(
  db: Database,
  awaited: AwaitedPayment,
  paymentId: string,
): Promise<boolean> {
  const [row] = await countedRead(db).execute({ paymentId, gateway: awaited.gateway });
  return row !== undefined;
}

import { sql } from "drizzle-orm";
import { formatRupees } from "../../../shared/money.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import type { PaymentGateway, ProviderPayment } from "./payment-gateway.ts";

/** One way the store's books and the provider's disagree about a payment. */
export type PaymentDifference = {
  paymentId: string;
  kind: "unknown_to_store" | "unknown_to_provider" | "not_captured" | "amount" | "refunded_amount";
  says: string;
};

type StorePayment = {
  transaction_id: string;
  status: string;
  amount_paise: number;
  what: string | null;
  refunded_paise: number;
};

const TAKEN = new Set(["captured", "refunded"]);

/**
 * Compares the store's payments with the provider's for the payments the provider took between
 * `from` and `to` (and the store's of that time): every payment on one side only, one the store
 * counts that the provider did not capture, a different amount, and a different sum refunded.
 * Declined tries are the provider's business and are left out.
 */
export async function reconcilePayments(
  db: Database,
  gateway: PaymentGateway,
  window: { from: Date; to: Date },
): Promise<{ provider: number; store: number; differences: PaymentDifference[] }> {
  const theirs = (await gateway.listPayments(window.from, window.to)).filter(
    (payment) => payment.status !== "failed" && payment.status !== "created",
  );
  const ids = theirs.map((payment) => payment.paymentId);
  const ours = rowsOf<StorePayment>(
    await db.execute(sql`
      select p.transaction_id, p.status, p.amount_paise,
        coalesce(o.order_number, b.ticket_id) as what,
        coalesce((select sum(r.amount_paise) from refunds r
          where r.transaction_id = p.transaction_id and r.gateway = p.gateway
            and r.state = 'done'), 0)::int as refunded_paise
      from payments p
      left join orders o on o.id = p.order_id
      left join bulk_orders b on b.id = p.bulk_order_id
      where p.gateway = ${gateway.name} and p.transaction_id is not null
        and (p.transaction_id in (${sql.join(
          [...ids, ""].map((id) => sql`${id}`),
          sql`, `,
        )})
          or (p.created_at >= ${window.from.toISOString()}::timestamptz
            and p.created_at < ${window.to.toISOString()}::timestamptz))`),
  );
  const byId = new Map(ours.map((row) => [row.transaction_id, row]));
  const differences: PaymentDifference[] = [];
  for (const payment of theirs) {
    const row = byId.get(payment.paymentId);
    byId.delete(payment.paymentId);
    differences.push(...compare(payment, row));
  }
  // What the store took in the window that the provider did not list.
  for (const row of byId.values()) {
    if (row.status !== "paid" && row.status !== "refunded") continue;
    differences.push({
      paymentId: row.transaction_id,
      kind: "unknown_to_provider",
      says: `The store counts ${formatRupees(Number(row.amount_paise))} for ${row.what ?? "no order"}; the provider has no such payment.`,
    });
  }
  return { provider: theirs.length, store: ours.length, differences };
}

function compare(payment: ProviderPayment, row: StorePayment | undefined): PaymentDifference[] {
  const id = payment.paymentId;
  if (!row) {
    return [
      {
        paymentId: id,
        kind: "unknown_to_store",
        says: `The provider took ${formatRupees(payment.amountPaise)} (provider order ${payment.providerOrderId ?? "none"}, ${payment.status}); the store has no record of it.`,
      },
    ];
  }
  const found: PaymentDifference[] = [];
  if (row.status === "paid" && !TAKEN.has(payment.status)) {
    found.push({
      paymentId: id,
      kind: "not_captured",
      says: `The store counts ${row.what ?? "it"} paid; the provider says the payment is ${payment.status}.`,
    });
  }
  if (Number(row.amount_paise) !== payment.amountPaise) {
    found.push({
      paymentId: id,
      kind: "amount",
      says: `The store has ${formatRupees(Number(row.amount_paise))}; the provider took ${formatRupees(payment.amountPaise)}.`,
    });
  }
  if (Number(row.refunded_paise) !== payment.amountRefundedPaise) {
    found.push({
      paymentId: id,
      kind: "refunded_amount",
      says: `The store has refunded ${formatRupees(Number(row.refunded_paise))} of ${row.what ?? "it"}; the provider ${formatRupees(payment.amountRefundedPaise)}.`,
    });
  }
  return found;
}

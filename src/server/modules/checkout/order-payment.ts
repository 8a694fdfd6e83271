// An online order's payment: taken when the provider's checkout answers with a valid signature
// or its webhook says so, whichever comes first; refunded when it comes after the hold.
import { eq, sql } from "drizzle-orm";
import { PAYMENT_METHOD_LABELS } from "../../../shared/contracts/checkout.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { cashOrderCapMessage, cashOrderSize } from "../../../shared/rules/cash-order-caps.ts";
import {
  MAX_OPEN_CASH_ORDERS,
  networkCashOrdersMessage,
  openCashOrdersMessage,
} from "../../../shared/rules/open-cash-orders.ts";
import { rowsOf } from "../../db/client.ts";
import { preparedOnce, statementOnce } from "../../db/statement-once.ts";
import { AppError } from "../../http/app-error.ts";
import { STAFF_CHANNEL, type StaffEvent } from "../live/index.ts";
import { type OutgoingMail, outboxPartSql, outboxRow } from "../mail/index.ts";
import {
  loadOrderView,
  orderPaidPartSql,
  orderToCashPartSql,
  viewOfWhole,
  type WholeOrder,
} from "../orders/index.ts";
import { orders } from "../orders/schema.ts";
import {
  type AwaitedPayment,
  alreadyCounted,
  type CapturedPayment,
  checkoutSessionFor,
  type IntakeDeps,
  type IntakeOutcome,
  type PaymentOwner,
  paymentTakenSql,
  paymentToCashSql,
  refundUnwanted,
} from "../payments/index.ts";
import type { CashNetwork } from "./cash-network.ts";

export type OrderPaymentDeps = IntakeDeps & {
  /** The email a paid order sends; written with the payment, atomically. */
  confirmationMail?: (order: OrderView) => OutgoingMail;
};

/** The dashboards refetch, and the order's own page (its stream listens for its number). */
const paidEvent = (orderNumber: string) =>
  JSON.stringify({
    topic: LIVE_TOPICS.orders,
    dashboards: ["inventory", "sales"],
    id: orderNumber,
  } satisfies StaffEvent);

type OrderPaid = {
  order: Pick<WholeOrder, "id" | "orderNumber">;
  placedAt: Date;
  paymentId: number;
  captured: { transactionId: string; summary: string };
  mail: ReturnType<typeof outboxRow> | undefined;
};

/**
 * The paid order's one statement (the browser's report or the webhook, whichever is first),
 * made once: the order's and the mail's parts are their modules' own, built with each payment.
 */
export const orderPaidStatement = statementOnce({
  name: "order_paid",
  shape: () => "one",
  parts: {
    moved: (paid: OrderPaid) => orderPaidPartSql("moved", paid.order.id, paid.placedAt),
    mail: (paid: OrderPaid) => outboxPartSql("mailed", paid.mail, "moved"),
  },
  build: (_, bind, parts) => sql`
    with ${parts.moved}, paid as (${paymentTakenSql(
      bind((paid: OrderPaid) => paid.paymentId),
      {
        transactionId: bind((paid: OrderPaid) => paid.captured.transactionId),
        summary: bind((paid: OrderPaid) => paid.captured.summary),
      },
      "moved",
    )})${parts.mail}, notice as (select pg_notify(${STAFF_CHANNEL}, ${bind((paid: OrderPaid) => paidEvent(paid.order.orderNumber))}) from moved)
    select (select count(*) from moved)::int as moved, (select count(*) from paid)::int,
      (select count(*) from notice)::int`,
});

/**
 * Takes the payment for the order it was made for, if that order still awaits it: in one
 * statement the order becomes placed (now: the delivery promise starts when it is paid), the
 * payment paid with the provider's id, the confirmation email queued and the dashboards told.
 * Anything else (the hold ended, cash was chosen instead, another payment got there first) is
 * refunded.
 */
export function orderPaymentOwner(deps: OrderPaymentDeps): PaymentOwner {
  return async (awaited, captured) => (await takeOrderPayment(deps, awaited, captured)).outcome;
}

// The webhook that comes before the browser's report reads the order by its payment: made once.
const orderById = preparedOnce("order_by_id", (db, name) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("id")))
    .prepare(name),
);

/**
 * The order owner's work, for a caller that has just read the order (the browser's report): it
 * is not read again, and a paid order's view is the one its email was made from.
 */
export async function takeOrderPayment(
  deps: OrderPaymentDeps,
  awaited: AwaitedPayment,
  captured: CapturedPayment,
  known?: WholeOrder,
): Promise<{ outcome: IntakeOutcome; view?: OrderView }> {
  const order = known ?? (await orderById(deps.db).execute({ id: awaited.orderId! }))[0];
  if (!order) return { outcome: "unknown" };
  if (order.status === "awaiting_payment" && awaited.status === "pending") {
    if (captured.amountPaise !== null && captured.amountPaise !== awaited.amountPaise) {
      const reason = "The amount paid was not the order's total";
      return { outcome: await refundUnwanted(deps, awaited, captured, reason) };
    }
    const placedAt = new Date();
    const summary = captured.summary ?? awaited.instrumentSummary;
    const paid = {
      ...order,
      status: "placed",
      paymentStatus: "paid",
      placedAt,
      paymentDueAt: null,
    };
    const view = {
      ...(known ? viewOfWhole(known, paid) : await loadOrderView(deps.db, paid)),
      paymentSummary: summary,
    };
    const mail = deps.confirmationMail && outboxRow(deps.confirmationMail(view));
    const [row] = await orderPaidStatement.run<{ moved: number }>(deps.db, {
      order,
      placedAt,
      paymentId: awaited.id,
      captured: { transactionId: captured.paymentId, summary },
      mail: mail || undefined,
    });
    if (row?.moved) return { outcome: "paid", view };
  }
  if (await alreadyCounted(deps.db, awaited, captured.paymentId)) {
    return { outcome: "already_paid" };
  }
  const reason =
    order.paymentMethod === "cash"
      ? "Paid online after choosing cash on delivery"
      : order.status === "cancelled"
        ? "Paid after the time to pay had ended"
        : "Paid twice for the same order";
  return { outcome: await refundUnwanted(deps, awaited, captured, reason) };
}

/** The checkout to pay an order awaiting its payment again (after a reload, a decline). */
export function checkoutOf(
  deps: Pick<IntakeDeps, "db" | "gateway">,
  order: typeof orders.$inferSelect,
  awaitedProviderOrderId: string | null,
) {
  if (order.status !== "awaiting_payment" || !order.paymentDueAt || !awaitedProviderOrderId) {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
  }
  if (!deps.gateway) throw new AppError("UNAVAILABLE", PAYMENT_MESSAGES.unavailable);
  return checkoutSessionFor(deps.gateway, {
    providerOrderId: awaitedProviderOrderId,
    amountPaise: order.totalPaise,
    method: order.paymentMethod,
    orderNumber: order.orderNumber,
    payer: order,
    payBy: order.paymentDueAt,
  });
}

/** The payment an online order awaits, from the order read whole: its first provider order's. */
export const awaitedIn = (whole: WholeOrder) =>
  whole.payments.find((payment) => payment.providerOrderId !== null);

/**
 * The shopper gives up paying online and pays on delivery instead, if the order still awaits its
 * payment, is within the cash order caps, and the phone, browser and network (the switching
 * client's: `network`) may have another open cash order. The payment keeps its provider
 * order, so a payment that still arrives there is found and refunded.
 */
export async function switchToCash(
  deps: Pick<OrderPaymentDeps, "db" | "confirmationMail">,
  order: typeof orders.$inferSelect,
  online: boolean,
  network: CashNetwork,
): Promise<void> {
  if (order.status !== "awaiting_payment") {
    throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
  }
  const placedAt = new Date();
  const switched = {
    ...order,
    status: "placed",
    paymentMethod: "cash",
    paymentStatus: "pending",
    placedAt,
  };
  const view = {
    ...(await loadOrderView(deps.db, switched)),
    paymentSummary: PAYMENT_METHOD_LABELS.cash,
  };
  const tooLarge = cashOrderCapMessage(cashOrderSize(view.lines, order.totalPaise), online);
  if (tooLarge) throw new AppError("VALIDATION_FAILED", tooLarge, "payment.method");
  const mail = deps.confirmationMail && outboxRow(deps.confirmationMail(view));
  const [row] = rowsOf<{ moved: number; full_limit: string | null }>(
    await deps.db.execute(sql`
      with cash_limit as materialized (
        select cash_order_limit_reached(${order.phone}, ${order.browserKeyHash}, ${network.key}::text,
          ${MAX_OPEN_CASH_ORDERS}::integer, ${network.max}::integer) as reached
      ), ${orderToCashPartSql("moved", { id: order.id, placedAt, networkKey: network.key }, sql`(select reached from cash_limit) is null`)}, paid_later as (${paymentToCashSql(order.id, "moved")})${outboxPartSql("mailed", mail || undefined, "moved")}, notice as (select pg_notify(${STAFF_CHANNEL}, ${paidEvent(order.orderNumber)}) from moved)
      select (select count(*) from moved)::int as moved,
        (select reached from cash_limit) as full_limit,
        (select count(*) from paid_later)::int, (select count(*) from notice)::int`),
  );
  if (row?.moved) return;
  if (row?.full_limit) {
    const message =
      row.full_limit === "network"
        ? networkCashOrdersMessage(online, network.max)
        : openCashOrdersMessage(online);
    throw new AppError("CONFLICT", message, "payment.method");
  }
  throw new AppError("CONFLICT", PAYMENT_MESSAGES.notAwaiting);
}

// What API suites need to run the sales board: orders in any state, and moves as the manager.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PlaceOrderInput } from "../../shared/contracts/checkout.ts";
import type { OrderView } from "../../shared/contracts/orders.ts";
import type { CheckoutSession } from "../../shared/contracts/payments.ts";
import { SALES_API } from "../../shared/contracts/sales.ts";
import { FORWARD_MOVES, type ForwardMove } from "../../shared/rules/order-fulfilment.ts";
import type { OrderStatus } from "../../shared/rules/order-status.ts";
import type { StoreApp } from "../app.ts";
import { rowsOf } from "../db/client.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "./customers.ts";
import { asStaff } from "./inventory.ts";
import { drawnText } from "./outbox-mail.ts";
import { payInCheckout, reportPayment } from "./payments.ts";
import { signInStaff } from "./staff.ts";
import type { TestContext } from "./test-app.ts";

/** Paid online by card in the provider's checkout (placeTestOrder pays it). */
export const APPROVED_CARD = { method: "card" } as const;

let keys = 0;

/**
 * An order from a shopper of their own (cash unless a payment is given), still awaiting its
 * payment when online; answers its view, the browser's cookie and the provider's checkout.
 */
export async function placeUnpaidTestOrder(
  app: StoreApp,
  items: PlaceOrderInput["items"],
  payment: PlaceOrderInput["payment"] = { method: "cash" },
): Promise<OrderView & { cookie: string; checkout?: CheckoutSession }> {
  const order: PlaceOrderInput = {
    contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
    delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
    notes: "",
    payment,
    items,
  };
  const response = await app.inject({
    method: "POST",
    url: "/api/orders",
    payload: order,
    headers: { origin: TEST_ORIGIN, "idempotency-key": `sales-${Date.now()}-${++keys}` },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 201) {
    throw new Error(`order not placed: ${response.statusCode} ${response.body}`);
  }
  const setCookie = response.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(";")[0] ?? "";
  return { ...(response.json() as OrderView & { checkout?: CheckoutSession }), cookie };
}

/** Pays an order awaiting payment in the provider's checkout, reported by its browser. */
export async function payTestOrder(
  app: StoreApp,
  order: { orderNumber: string; cookie: string; checkout: CheckoutSession },
): Promise<OrderView> {
  const proof = await payInCheckout(app, order.checkout);
  const url = `/api/orders/${order.orderNumber}/payment`;
  const paid = await reportPayment(app, url, proof, order.cookie);
  if (paid.statusCode !== 200) throw new Error(`order not paid: ${paid.statusCode} ${paid.body}`);
  return paid.json() as OrderView;
}

/**
 * An order from a shopper of their own (cash unless a payment is given), an online one paid with
 * the test provider's approving card; answers its view.
 */
export async function placeTestOrder(
  app: StoreApp,
  items: PlaceOrderInput["items"],
  payment: PlaceOrderInput["payment"] = { method: "cash" },
): Promise<OrderView & { cookie: string }> {
  const { checkout, ...placed } = await placeUnpaidTestOrder(app, items, payment);
  if (!checkout) return placed;
  return { ...(await payTestOrder(app, { ...placed, checkout })), cookie: placed.cookie };
}

/** The sales manager's requests. */
export async function salesManager(app: StoreApp) {
  const request = asStaff(app, await signInStaff(app, "sales"));
  const move = (orderNumber: string, to: ForwardMove, picked?: unknown) =>
    request({
      method: "POST",
      url: `${SALES_API}/orders/${orderNumber}/moves`,
      payload: { to, ...(picked ? { picked } : {}) },
    });
  const cancel = (orderNumber: string, reason = "customer_request", note?: string) =>
    request({
      method: "POST",
      url: `${SALES_API}/orders/${orderNumber}/cancel`,
      payload: { reason, ...(note ? { note } : {}) },
    });
  /** A refund of a delivered order under a fresh key unless one is given. */
  const refund = (orderNumber: string, body: Record<string, unknown>) =>
    request({
      method: "POST",
      url: `${SALES_API}/orders/${orderNumber}/refunds`,
      payload: { key: randomUUID(), reason: "quality", ...body },
    });
  /** Moves an order forward until it is in `status` (cancelled: cancels it where it is). */
  async function bringTo(orderNumber: string, status: OrderStatus) {
    if (status === "cancelled") {
      const response = await cancel(orderNumber);
      if (response.statusCode !== 200) throw new Error(`cancel: ${response.body}`);
      return;
    }
    for (const to of FORWARD_MOVES) {
      if (status === "placed") return;
      const response = await move(orderNumber, to);
      if (response.statusCode !== 200) throw new Error(`move to ${to}: ${response.body}`);
      if (to === status) return;
    }
  }
  return { request, move, cancel, refund, bringTo };
}

/** The ledger rows an order wrote, oldest first. */
export async function ledgerOf(ctx: TestContext, orderNumber: string) {
  return rowsOf<{ product_id: string; kind: string; quantity: number; reason: string | null }>(
    await ctx.database.db.execute(sql`
      select m.product_id, m.kind, m.quantity, m.reason from stock_movements m
      join orders o on o.id = m.order_id
      where o.order_number = ${orderNumber} order by m.id`),
  );
}

/** Mails waiting in the outbox for an address, oldest first. */
export async function mailsTo(ctx: TestContext, address: string) {
  const rows = rowsOf<{
    subject: string;
    template: string | null;
    data: unknown;
    text_body: string | null;
    html_body: string | null;
    attachments: { filename: string; content: string }[];
  }>(
    await ctx.database.db.execute(sql`
      select subject, template, data, text_body, html_body, attachments from mail_outbox
      where to_address = ${address} order by id`),
  );
  return rows.map((row) => ({
    subject: row.subject,
    text_body: drawnText(row),
    attachments: row.attachments,
  }));
}

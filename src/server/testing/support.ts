// What API suites need for support tickets: a ticket filed through the contact form, the signed
// link a mail carries, and Customer Relations' requests.
import { sql } from "drizzle-orm";
import { CUSTOMER_RELATIONS_API } from "../../shared/contracts/support-inbox.ts";
import { rowsOf } from "../db/client.ts";
import { freshAddress, freshEmail, TEST_ORIGIN } from "./customers.ts";
import { asStaff } from "./inventory.ts";
import { newestMailTo } from "./outbox-mail.ts";
import { placeTestOrder } from "./sales.ts";
import { signInStaff } from "./staff.ts";
import type { TestContext } from "./test-app.ts";

export const TICKETS = `${CUSTOMER_RELATIONS_API}/tickets`;

/** A contact-form message from a shopper of their own; answers its reference and email. */
export async function fileTicket(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const email = freshEmail("ticket");
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/support/tickets",
    payload: {
      name: "Ravi Sahu",
      email,
      queryType: "order_status",
      message: "Where is my order? It was due an hour ago.",
      ...overrides,
    },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 201) {
    throw new Error(`ticket not filed: ${response.statusCode} ${response.body}`);
  }
  return { reference: response.json().reference as string, email };
}

/** The newest mail to an address, drawn as it is sent. */
export async function latestMailTo(ctx: TestContext, email: string) {
  const mail = await newestMailTo(ctx.database.db, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

/** The signed link's path and token in the plain text of a mail: "<label>: https://...". */
export function ticketLinkIn(textBody: string, label: string) {
  const link = new RegExp(`${label}: (\\S+)`).exec(textBody)?.[1];
  if (!link) throw new Error(`no "${label}" link in the mail`);
  const url = new URL(link);
  return { path: url.pathname, token: url.searchParams.get("token") ?? "" };
}

/** Customer Relations' requests, signed in once per app. */
export async function asRelations(ctx: TestContext) {
  return asStaff(ctx.app, await signInStaff(ctx.app, "customer-relations"));
}

/** A home-page feedback message; answers its row id. */
export async function sendFeedback(ctx: TestContext, message = "Lovely mangoes, thank you!") {
  const email = freshEmail("feedback");
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/feedback",
    payload: { name: "Priya Rout", email, message },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 201) throw new Error(`feedback not sent: ${response.body}`);
  const rows = rowsOf<{ id: number }>(
    await ctx.database.db.execute(sql`select id from feedback where email = ${email}`),
  );
  return { id: rows[0]!.id, email };
}

/** A cash order of one tomato, rated by its shopper; answers the order's number and email. */
export async function ratedOrder(ctx: TestContext, rating: number) {
  const order = await placeTestOrder(ctx.app, [{ productId: "tomatoes", quantity: 1_000 }]);
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/orders/${order.orderNumber}/rating`,
    payload: { rating },
    headers: { origin: TEST_ORIGIN, cookie: order.cookie },
  });
  if (response.statusCode !== 204) throw new Error(`not rated: ${response.body}`);
  return { orderNumber: order.orderNumber, email: order.email };
}

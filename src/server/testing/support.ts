// What API suites need for support tickets: a ticket filed through the contact form, the signed
// link a mail carries, and Customer Relations' requests.
import { desc, eq } from "drizzle-orm";
import { CUSTOMER_RELATIONS_API } from "../../shared/contracts/support-inbox.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { freshAddress, freshEmail, TEST_ORIGIN } from "./customers.ts";
import { asStaff } from "./inventory.ts";
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

/** The newest mail to an address, as stored in the outbox. */
export async function latestMailTo(ctx: TestContext, email: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
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

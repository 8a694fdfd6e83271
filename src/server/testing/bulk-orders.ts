// What the bulk-order suites share: a valid request, and the calls a requester makes.
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { BULK_PIPELINE_API } from "../../shared/contracts/bulk-pipeline.ts";
import { addDays, shopDate } from "../../shared/rules/bulk-delivery-date.ts";
import type { TestPaymentAttempt } from "../../shared/rules/test-payments.ts";
import { mailOutbox } from "../db/schema/index.ts";
import { cookieOf, freshAddress, freshEmail, TEST_ORIGIN } from "./customers.ts";
import { asStaff } from "./inventory.ts";
import { drawnMails } from "./outbox-mail.ts";
import { approvingCard, payInCheckout, reportPayment } from "./payments.ts";
import { signInStaff } from "./staff.ts";
import type { TestContext } from "./test-app.ts";

export function validRequest(overrides: Record<string, unknown> = {}) {
  return {
    name: "Priya Mohanty",
    email: freshEmail("priya"),
    phone: "98765 43210",
    eventType: "wedding",
    products: "Tomatoes 50 kg\nOnions 40 kg\nPaneer 10 kg",
    location: "Mayfair Convention, Jaydev Vihar, Bhubaneswar 751013",
    deliveryDate: addDays(shopDate(new Date()), 5),
    codRequested: true,
    termsAccepted: true,
    ...overrides,
  };
}

export function requesterCalls(ctx: TestContext) {
  return {
    async submit(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
      return ctx.app.inject({
        method: "POST",
        url: "/api/bulk-orders",
        payload,
        headers: { origin: TEST_ORIGIN, ...headers },
        remoteAddress: freshAddress(),
      });
    },
    /** Submits a valid request; answers its ticket and the browser cookie that made it. */
    async submitted(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
      const response = await this.submit(validRequest(overrides), headers);
      expect(response.statusCode).toBe(201);
      const browser = cookieOf(response.headers["set-cookie"], "fhh_browser") ?? headers.cookie;
      return {
        ticketId: response.json().ticketId as string,
        browser: browser!,
        body: response.json(),
      };
    },
    read(ticketId: string, cookie?: string, token?: string) {
      return ctx.app.inject({
        method: "GET",
        url: `/api/bulk-orders/${ticketId}${token ? `?token=${token}` : ""}`,
        headers: cookie ? { cookie } : {},
      });
    },
    /** Asks for the advance: an online method answers with the provider checkout to pay in. */
    advance(ticketId: string, cookie: string, payment: Record<string, unknown>, key: string) {
      return ctx.app.inject({
        method: "POST",
        url: `/api/bulk-orders/${ticketId}/advance`,
        payload: payment,
        headers: { origin: TEST_ORIGIN, cookie, "idempotency-key": key },
        remoteAddress: freshAddress(),
      });
    },
    /** The planner changes the lines after the advance, from a browser or the emailed link. */
    change(
      ticketId: string,
      access: { cookie?: string; token?: string },
      payload: { version: number; lines: { productId: string; quantity: number }[] },
    ) {
      return ctx.app.inject({
        method: "POST",
        url: `/api/bulk-orders/${ticketId}/lines${access.token ? `?token=${access.token}` : ""}`,
        payload,
        headers: { origin: TEST_ORIGIN, ...(access.cookie && { cookie: access.cookie }) },
        remoteAddress: freshAddress(),
      });
    },
    /** The browser's report of the provider checkout's answer. */
    report(ticketId: string, cookie: string, proof: unknown) {
      return reportPayment(ctx.app, `/api/bulk-orders/${ticketId}/advance/payment`, proof, cookie);
    },
    /**
     * Pays the advance as the planner does: asks for it, pays in the provider's checkout with
     * `attempt`, and reports the answer. Answers the last response (a refusal stops there).
     */
    async pay(
      ticketId: string,
      cookie: string,
      payment: Record<string, unknown>,
      key: string,
      attempt: TestPaymentAttempt = approvingCard(),
    ) {
      const asked = await this.advance(ticketId, cookie, payment, key);
      const checkout = asked.statusCode === 200 ? asked.json().checkout : undefined;
      if (!checkout) return asked;
      return this.report(ticketId, cookie, await payInCheckout(ctx.app, checkout, attempt));
    },
    async mailsTo(email: string) {
      return drawnMails(
        ctx.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, email))
          .orderBy(desc(mailOutbox.id)),
      );
    },
  };
}

/** The advance by card: the card itself is typed into the provider's checkout. */
export const goodCard = () => ({ method: "credit_card" });

/**
 * A quote of one exempt catalogue line that comes to `quotePaise` (a multiple of Rs 1): 100 kg
 * of pumpkin at the day's rate, no discount, no delivery charge.
 */
export const quoteLinesFor = (quotePaise: number) => ({
  lines: [{ productId: "pumpkin", quantity: 100_000, listPricePaise: quotePaise / 100 }],
  discountPercent: 0,
  deliveryChargePaise: 0,
});

/**
 * Customer Relations quotes a request from the dashboard's API, against the version it reads
 * first; answers the response.
 */
export async function quoteAsRelations(
  ctx: TestContext,
  ticketId: string,
  quotePaise: number,
  options: {
    approveCod?: boolean;
    notes?: string;
    cookie?: string;
    /** Catalogue lines of its own, instead of one that comes to `quotePaise`. */
    lines?: { productId: string; quantity: number; listPricePaise?: number }[];
    discountPercent?: number;
    deliveryChargePaise?: number;
  } = {},
) {
  const as = asStaff(ctx.app, options.cookie ?? (await signInStaff(ctx.app, "customer-relations")));
  const url = `${BULK_PIPELINE_API}/${ticketId}`;
  const current = await as({ method: "GET", url });
  const version = current.statusCode === 200 ? current.json().version : 1;
  return as({
    method: "POST",
    url: `${url}/quote`,
    payload: {
      ...quoteLinesFor(quotePaise),
      ...(options.lines && {
        lines: options.lines,
        discountPercent: options.discountPercent ?? 0,
        deliveryChargePaise: options.deliveryChargePaise ?? 0,
      }),
      approveCod: options.approveCod ?? false,
      notes: options.notes ?? "",
      version,
    },
  });
}

// What the API fuzz aims at: a session for each kind of caller, each made once (sign-in limits
// count every attempt), and ids that exist, so fuzzed requests get past the guards and reach the
// handlers and services instead of stopping at a 401 or a 404.
import { sql } from "drizzle-orm";
import { csvRow, parseCsv } from "../../shared/rules/csv-text.ts";
import { rowsOf } from "../db/client.ts";
import { goodCard, quoteAsRelations, requesterCalls } from "./bulk-orders.ts";
import { type CookieJar, cookieHeaderOf, keepCookies } from "./cookie-jar.ts";
import { cookieOf, freshAddress, TEST_ORIGIN } from "./customers.ts";
import { shopOrderRequest } from "./inventory.ts";
import { newestMailTo } from "./outbox-mail.ts";
import { payInCheckout, reportPayment } from "./payments.ts";
import { signInEnrolledStaff } from "./staff.ts";
import { sendFeedback } from "./support.ts";
import type { TestContext } from "./test-app.ts";

/** Who sends a fuzzed request: nobody, a guest's browser, a customer, or a staff member. */
export const CALLERS = [
  "guest",
  "browser",
  "customer",
  "leaving",
  "inventory",
  "sales",
  "relations",
] as const;
export type Caller = (typeof CALLERS)[number];

export const FUZZ_PASSWORD = "green mangoes ripen";

const FUZZ_ADDRESS = {
  address: "12 Janpath",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
};

export type FuzzTargets = {
  /** The Cookie header each caller sends (none for a guest). */
  cookies: Record<Caller, string | undefined>;
  productIds: string[];
  /** Orders of the customer and of the guest's browser, in several states. */
  orderNumbers: string[];
  /** The customer's saved addresses. */
  addressIds: number[];
  /** Another device's session of the customer (never the fuzzer's own). */
  otherSessionIds: string[];
  /** Support tickets: the customer's own, a guest's. */
  ticketReferences: string[];
  /** Signed links' tokens: bulk requests' and support tickets'. */
  tokens: string[];
  bulkTickets: string[];
  feedbackIds: number[];
  creditNotes: string[];
  providerOrderIds: string[];
  mailIds: number[];
  /** The catalogue as the inventory's export writes it, with one price changed, and its preview's token. */
  catalogueCsv: string;
  csvToken: string;
  /** The customer's email, to find their rows again. */
  customerEmail: string;
  /** The account that may be deleted: its sign-in may be tried, and locked, too. */
  leavingEmail: string;
};

let made = 0;

/** A customer who signed up with a password and proved their email with the emailed code. */
async function verifiedCustomer(ctx: TestContext, name: string) {
  const email = `fuzz.${name}.${Date.now()}.${++made}@example.in`;
  const jar: CookieJar = new Map();
  const post = async (url: string, payload: object) => {
    const response = await ctx.app.inject({
      method: "POST",
      url,
      payload,
      headers: { origin: TEST_ORIGIN, cookie: cookieHeaderOf(jar) },
      remoteAddress: freshAddress(),
    });
    if (response.statusCode !== 200) {
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    keepCookies(jar, response.headers["set-cookie"]);
    return response;
  };
  await post("/api/auth/sign-up/email", { name: "Asha Das", email, password: FUZZ_PASSWORD });
  const mail = await newestMailTo(ctx.database.db, email);
  const otp = mail && /\b(\d{6})\b/.exec(mail.textBody)?.[1];
  if (!otp) throw new Error(`no verification code for ${email}`);
  await post("/api/auth/email-otp/verify-email", { email, otp });
  return { email, cookie: cookieHeaderOf(jar) };
}

/** Signs the customer in on another device; answers nothing (its id is read from the table). */
async function signInElsewhere(ctx: TestContext, email: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email, password: FUZZ_PASSWORD },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`second sign-in: ${response.body}`);
}

async function expectStatus(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
  what: string,
) {
  const answer = await response;
  if (answer.statusCode !== status) {
    throw new Error(`${what}: ${answer.statusCode} ${answer.body}`);
  }
  // biome-ignore lint/suspicious/noExplicitAny: a setup answer read by field
  return (answer.body ? answer.json() : null) as any;
}

const column = async <T>(ctx: TestContext, query: ReturnType<typeof sql>) =>
  rowsOf<{ value: T }>(await ctx.database.db.execute(query)).map((row) => row.value);

/** Sets the fuzz's world up on a freshly seeded store: sessions first, then records to aim at. */
export async function makeFuzzTargets(ctx: TestContext): Promise<FuzzTargets> {
  const { app } = ctx;
  const call = (
    method: "GET" | "POST" | "PUT",
    url: string,
    cookie: string | undefined,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      ...(payload && { payload }),
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }), ...headers },
      remoteAddress: freshAddress(),
    });

  // Staff sign in with password and authenticator code, as they must with demo mode off.
  const inventory = await signInEnrolledStaff(app, "inventory");
  const sales = await signInEnrolledStaff(app, "sales");
  const relations = await signInEnrolledStaff(app, "customer-relations");
  const customer = await verifiedCustomer(ctx, "customer");
  // A second customer, for the routes that would end the first one's account.
  const leaving = await verifiedCustomer(ctx, "leaving");
  await signInElsewhere(ctx, customer.email);

  // A guest's browser: a cash order and bulk requests, quoted, one paid for.
  const guestOrder = await app.inject(
    shopOrderRequest([{ productId: "tomatoes", quantity: 1_000 }]),
  );
  if (guestOrder.statusCode !== 201) throw new Error(`guest order: ${guestOrder.body}`);
  const browser = cookieOf(guestOrder.headers["set-cookie"], "fhh_browser")!;
  const requester = requesterCalls(ctx);
  const bulkTickets: string[] = [];
  const tokens: string[] = [];
  for (const approveCod of [false, true, false]) {
    const { ticketId, body } = await requester.submitted({}, { cookie: browser });
    bulkTickets.push(ticketId);
    tokens.push(new URL(body.link).searchParams.get("token")!);
    const quoted = await quoteAsRelations(ctx, ticketId, 10_000_00, {
      approveCod,
      cookie: relations,
    });
    if (quoted.statusCode !== 200) throw new Error(`quote: ${quoted.body}`);
  }
  // One with its advance paid, for the steps after it: confirm, deliver, a cancel that refunds.
  const advance = await requester.pay(bulkTickets[0]!, browser, goodCard(), "fuzz-setup-advance");
  if (advance.statusCode !== 200) throw new Error(`advance: ${advance.body}`);

  // The customer's orders: cash, paid online, awaiting payment, delivered and rated, cancelled.
  // A kilo of what is weighed (in grams), one of what is counted.
  const order = async (method: "cash" | "card" | "upi", productId: string, quantity = 1_000) =>
    expectStatus(
      app.inject(shopOrderRequest([{ productId, quantity }], { cookie: customer.cookie, method })),
      201,
      `customer ${method} order`,
    );
  const cash = await order("cash", "tomatoes");
  const paid = await order("card", "mangoes");
  const proof = await payInCheckout(app, paid.checkout);
  await expectStatus(
    reportPayment(app, `/api/orders/${paid.orderNumber}/payment`, proof, customer.cookie),
    200,
    "payment",
  );
  const unpaid = await order("upi", "spinach", 1);
  const moveOn = async (orderNumber: string, last: string) => {
    for (const to of ["confirmed", "packed", "out_for_delivery", "delivered"]) {
      await expectStatus(
        call("POST", `/api/staff/sales/orders/${orderNumber}/moves`, sales, { to }),
        200,
        `move to ${to}`,
      );
      if (to === last) return;
    }
  };
  const delivered = await order("cash", "onions");
  await moveOn(delivered.orderNumber, "delivered");
  await expectStatus(
    call("POST", `/api/orders/${delivered.orderNumber}/rating`, customer.cookie, { rating: 1 }),
    204,
    "rating",
  );
  const cancelled = await order("card", "potatoes");
  await expectStatus(
    reportPayment(
      app,
      `/api/orders/${cancelled.orderNumber}/payment`,
      await payInCheckout(app, cancelled.checkout),
      customer.cookie,
    ),
    200,
    "payment",
  );
  // Cancelled once invoiced (out for delivery): a credit note.
  await moveOn(cancelled.orderNumber, "out_for_delivery");
  await expectStatus(
    call("POST", `/api/staff/sales/orders/${cancelled.orderNumber}/cancel`, sales, {
      reason: "customer_request",
    }),
    200,
    "cancel",
  );

  // Saved addresses, a cart, a ticket of the customer's own and a guest's, feedback.
  for (const [label, pincode] of [
    ["Home", "751007"],
    ["Office", "751022"],
  ]) {
    await expectStatus(
      call("POST", "/api/account/addresses", customer.cookie, { ...FUZZ_ADDRESS, label, pincode }),
      201,
      "saved address",
    );
  }
  await expectStatus(
    call("PUT", "/api/cart", customer.cookie, {
      items: [{ productId: "mangoes", quantity: 2_000 }],
    }),
    200,
    "cart",
  );
  const ticket = (cookie?: string) =>
    expectStatus(
      call(
        "POST",
        "/api/support/tickets",
        cookie,
        {
          name: "Asha Das",
          email: cookie ? customer.email : `fuzz.ticket.${Date.now()}@example.in`,
          queryType: "order_status",
          message: "Where is my order?",
          orderNumber: cash.orderNumber,
        },
        {},
      ),
      201,
      "ticket",
    );
  const ownTicket = await ticket(customer.cookie);
  const guestTicket = await ticket();
  await sendFeedback(ctx);
  await sendFeedback(ctx, "The spinach was wilted.");

  const myTickets = await expectStatus(
    call("GET", "/api/support/my-tickets", customer.cookie),
    200,
    "my tickets",
  );
  const ticketTokens = (myTickets.tickets as { path: string }[]).map(
    (entry) => new URL(entry.path, TEST_ORIGIN).searchParams.get("token")!,
  );

  const targets: FuzzTargets = {
    cookies: {
      guest: undefined,
      browser,
      customer: customer.cookie,
      leaving: leaving.cookie,
      inventory,
      sales,
      relations,
    },
    productIds: await column<string>(
      ctx,
      sql`select id as value from products order by id limit 12`,
    ),
    orderNumbers: [
      guestOrder.json().orderNumber,
      ...[cash, paid, unpaid, delivered, cancelled].map((placed) => placed.orderNumber),
    ],
    ticketReferences: [ownTicket.reference, guestTicket.reference],
    tokens: [...tokens, ...ticketTokens],
    bulkTickets,
    providerOrderIds: unpaid.checkout ? [unpaid.checkout.providerOrderId] : [],
    customerEmail: customer.email,
    leavingEmail: leaving.email,
    addressIds: [],
    otherSessionIds: [],
    feedbackIds: [],
    creditNotes: [],
    mailIds: [],
    catalogueCsv: "",
    csvToken: "",
  };
  await refreshFuzzTargets(ctx, targets);
  return targets;
}

/**
 * Reads again the ids the fuzz's own requests add and remove (addresses, feedback, credit notes,
 * sessions) and the catalogue's CSV with a fresh preview token, so each operation aims at rows
 * that exist now.
 */
export async function refreshFuzzTargets(ctx: TestContext, targets: FuzzTargets) {
  const email = targets.customerEmail;
  const addresses = () =>
    column<number>(
      ctx,
      sql`select a.id as value from customer_addresses a join users u on u.id = a.customer_id
          where u.email = ${email} order by a.id`,
    );
  targets.addressIds = await addresses();
  // Deleting them is fuzzed too: two at least for the routes after that one.
  for (let count = targets.addressIds.length; count < 2; count++) {
    await ctx.app.inject({
      method: "POST",
      url: "/api/account/addresses",
      payload: { ...FUZZ_ADDRESS, label: `Address ${count + 1}` },
      headers: { origin: TEST_ORIGIN, cookie: targets.cookies.customer! },
      remoteAddress: freshAddress(),
    });
    targets.addressIds = await addresses();
  }
  targets.otherSessionIds = await column<string>(
    ctx,
    sql`select s.id as value from sessions s join users u on u.id = s.user_id
        where u.email = ${email} and position(s.token in ${targets.cookies.customer!}) = 0`,
  );
  targets.feedbackIds = await column<number>(
    ctx,
    sql`select id as value from feedback order by id desc limit 5`,
  );
  targets.creditNotes = (
    await column<string>(ctx, sql`select number as value from credit_notes order by id`)
  ).map((number) => number.replaceAll("/", "-"));
  // The latest mails, and some that carry a document.
  targets.mailIds = await column<number>(
    ctx,
    sql`(select id as value from mail_outbox order by id desc limit 3)
        union (select id from mail_outbox where attachments <> '[]'::jsonb order by id desc limit 3)`,
  );
  const staff = { origin: TEST_ORIGIN, cookie: targets.cookies.inventory! };
  const exported = await ctx.app.inject({
    method: "GET",
    url: "/api/staff/inventory/export.csv",
    headers: staff,
    remoteAddress: freshAddress(),
  });
  // A file that changes nothing is refused before it is applied: one price goes up a rupee.
  const csv = withPriceRaised(exported.body);
  const preview = await ctx.app.inject({
    method: "POST",
    url: "/api/staff/inventory/import/preview",
    payload: { csv },
    headers: staff,
    remoteAddress: freshAddress(),
  });
  if (exported.statusCode === 200 && preview.statusCode === 200) {
    targets.catalogueCsv = csv;
    targets.csvToken = preview.json().token;
  }
}

/** The export with its first product's price (rupees, the header's "price" column) raised by 1. */
function withPriceRaised(csv: string) {
  const [header, first, ...rest] = parseCsv(csv).records.map((record) => record.cells);
  if (!header || !first) return csv;
  const price = header.indexOf("price");
  const rupees = Number(first[price]);
  if (price < 0 || !Number.isFinite(rupees)) return csv;
  first[price] = String(rupees + 1);
  return [header, first, ...rest].map((cells) => csvRow(cells)).join("\r\n");
}

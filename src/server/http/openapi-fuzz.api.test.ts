import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../shared/contracts/errors.ts";
import { addDays, shopDate } from "../../shared/rules/bulk-delivery-date.ts";
import { type Database, rowsOf } from "../db/client.ts";
import { quoteAsRelations, requesterCalls } from "../testing/bulk-orders.ts";
import { cookieOf, freshAddress, signUpCustomer, TEST_ORIGIN } from "../testing/customers.ts";
import { type FuzzRequest, type Hints, operationsOf, requestTo } from "../testing/openapi-fuzz.ts";
import { signInStaff } from "../testing/staff.ts";
import { testDatabaseKinds, useTestApp } from "../testing/test-app.ts";

// A failure prints fast-check's seed and path and the request it shrank to:
// FUZZ_SEED=<seed> FUZZ_PATH=<path> replays exactly that request.
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

const count = async (ctx: { database: { db: Database } }, query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(query))[0]!.n;

describe.each(testDatabaseKinds)("every operation in the API document, fuzzed, on %s", (kind) => {
  const ctx = useTestApp(kind);

  it(`answers ${RUNS} malformed requests with a 4xx in the store's words, and keeps no partial records`, async () => {
    const { app } = ctx;
    const document = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
    // Event streams never end for whoever may open them (a member; an order's own browser):
    // staff-events.api.test.ts and order-tracking.api.test.ts cover them.
    const streams = new Set(["/api/staff/events", "/api/orders/{orderNumber}/events"]);
    const operations = operationsOf(document).filter((operation) => !streams.has(operation.path));
    expect(operations.length).toBeGreaterThan(25);

    // Things to aim at: a customer, an order from a known browser, quoted bulk requests.
    const customer = await signUpCustomer(app);
    const inventoryManager = await signInStaff(app, "inventory");
    const salesManager = await signInStaff(app, "sales");
    const relations = await signInStaff(app, "customer-relations");
    const placed = await app.inject({
      method: "POST",
      url: "/api/orders",
      payload: {
        contact: { firstName: "Asha", email: "asha@example.in", phone: "9876543210" },
        delivery: {
          address: "12 Janpath",
          city: "Bhubaneswar",
          state: "Odisha",
          pincode: "751007",
        },
        payment: { method: "cash" },
        items: [{ productId: "tomatoes", quantity: 1 }],
      },
      headers: { origin: TEST_ORIGIN, "idempotency-key": "fuzz-setup-order" },
      remoteAddress: freshAddress(),
    });
    expect(placed.statusCode).toBe(201);
    const browser = cookieOf(placed.headers["set-cookie"], "fhh_browser")!;
    const requester = requesterCalls(ctx);
    const tickets: string[] = [];
    const tokens: string[] = [];
    for (const cod of [false, true, false]) {
      const { ticketId, body } = await requester.submitted({}, { cookie: browser });
      tickets.push(ticketId);
      tokens.push(new URL(body.link).searchParams.get("token")!);
      const quoted = await quoteAsRelations(ctx, ticketId, 10_000_00, { approveCod: cod });
      expect(quoted.statusCode).toBe(200);
    }

    const hints: Hints = {
      email: fc.nat(9_999).map((n) => `fuzz${n}@example.in`),
      phone: fc.constantFrom("9876543210", "+91 98765 43210"),
      pincode: fc.constantFrom("751007", "110001"),
      productId: fc.constantFrom("mangoes", "tomatoes", "desi-ghee", "no-such-thing"),
      id: fc.constantFrom("mangoes", "1", "999"),
      index: fc.constantFrom("0", "1"),
      quantity: fc.integer({ min: 1, max: 3 }),
      upiApp: fc.constantFrom("gpay", "phonepe", "other"),
      deliveryDate: fc.constant(addDays(shopDate(new Date()), 5)),
      termsAccepted: fc.constant(true),
      website: fc.constantFrom("", "http://spam.example"),
      orderNumber: fc.constantFrom(placed.json().orderNumber, "FHH-000001"),
      ticketId: fc.constantFrom(...tickets),
      token: fc.constantFrom(...tokens),
      "*": fc.constantFrom("get-session", "sign-out", "list-sessions", "update-user", "nothing"),
      "idempotency-key": fc.nat(99).map((n) => `fuzz-key-${n}`),
      password: fc.constantFrom("green mangoes ripen", "short"),
      otp: fc.constantFrom("123456", "12"),
    };
    const accountBody = fc.record(
      {
        email: hints.email!,
        password: hints.password!,
        name: fc.string({ maxLength: 20 }),
        otp: hints.otp!,
      },
      { requiredKeys: [] },
    );
    const request = fc.tuple(
      fc.oneof(
        ...operations.map((operation) => ({
          // Workflows behind a body get more of the runs: they are where records are written.
          weight: operation.body ? 3 : 1,
          arbitrary: requestTo(operation, hints, accountBody),
        })),
      ),
      fc.constantFrom("none", "browser", "customer", "both", "inventory", "sales", "relations"),
    );

    const before = {
      tickets: await count(ctx, sql`select count(*)::int as n from support_tickets`),
      bulk: await count(ctx, sql`select count(*)::int as n from bulk_orders`),
      feedback: await count(ctx, sql`select count(*)::int as n from feedback`),
      orders: await count(ctx, sql`select count(*)::int as n from orders`),
    };
    const kept = { tickets: 0, bulk: 0, feedback: 0 };
    const orderNumbers = new Set<string>();
    const statuses = new Map<number, number>();

    const isStored = (sent: FuzzRequest) => {
      const body = JSON.parse(String(sent.body));
      return !body.website;
    };

    await fc.assert(
      fc.asyncProperty(request, async ([sent, cookies]) => {
        const cookie = {
          none: undefined,
          browser,
          customer: customer.cookie,
          both: `${browser}; ${customer.cookie}`,
          // The staff API's bodies are only reached past its guard.
          inventory: inventoryManager,
          sales: salesManager,
          relations,
        }[cookies];
        const response = await app.inject({
          method: sent.method as "GET",
          url: sent.url,
          headers: { origin: TEST_ORIGIN, ...sent.headers, ...(cookie && { cookie }) },
          ...(sent.body !== undefined && { payload: Buffer.from(sent.body) }),
          remoteAddress: freshAddress(),
        });
        const status = response.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, `${sent.label}\n${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (status >= 400) {
          const body = JSON.parse(response.body);
          expect(body.message, sent.label).toEqual(expect.any(String));
          expect(body.message.length).toBeGreaterThan(0);
          // Better Auth's own refusals (customers' and staff's) carry its codes, which the sign-in pages read.
          if (!/^\/api\/(staff\/)?auth\//.test(sent.url)) expect(ERROR_CODES).toContain(body.code);
        }
        const route = `${sent.method} ${sent.url.split("?")[0]}`;
        if (status === 201 && route === "POST /api/orders") {
          orderNumbers.add(response.json().orderNumber);
        }
        if (status === 201 && route === "POST /api/support/tickets" && isStored(sent))
          kept.tickets++;
        if (status === 201 && route === "POST /api/bulk-orders" && isStored(sent)) kept.bulk++;
        // Answering feedback or a low rating opens a conversation of the shop's own.
        if (
          status === 201 &&
          /^POST \/api\/staff\/customer-relations\/(feedback\/[^/]+\/replies|ratings\/[^/]+\/follow-ups)$/.test(
            route,
          )
        ) {
          kept.tickets++;
        }
        if (status === 201 && route === "POST /api/feedback" && isStored(sent)) kept.feedback++;
      }),
      { seed: SEED, numRuns: RUNS, ...(process.env.FUZZ_PATH && { path: process.env.FUZZ_PATH }) },
    );

    // The run did reach the workflows, not only the refusals.
    expect(statuses.get(400)).toBeGreaterThan(RUNS / 4);
    expect(orderNumbers.size + kept.tickets + kept.bulk + kept.feedback).toBeGreaterThan(0);

    expect(await count(ctx, sql`select count(*)::int as n from support_tickets`)).toBe(
      before.tickets + kept.tickets,
    );
    expect(await count(ctx, sql`select count(*)::int as n from bulk_orders`)).toBe(
      before.bulk + kept.bulk,
    );
    expect(await count(ctx, sql`select count(*)::int as n from feedback`)).toBe(
      before.feedback + kept.feedback,
    );
    expect(await count(ctx, sql`select count(*)::int as n from orders`)).toBe(
      before.orders + orderNumbers.size,
    );
    expect(
      await count(
        ctx,
        sql`select count(*)::int as n from orders o
              where not exists (select 1 from order_lines l where l.order_id = o.id)
                 or not exists (select 1 from payments p where p.order_id = o.id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        ctx,
        sql`select count(*)::int as n from idempotency_keys where state <> 'completed'`,
      ),
    ).toBe(0);
  }, 120_000);
});

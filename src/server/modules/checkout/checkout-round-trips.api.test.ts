import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { buildApp, type StoreApp } from "../../app.ts";
import { type DatabaseHandle, openDatabase, rowsOf } from "../../db/client.ts";
import { cookieHeaderOf } from "../../testing/cookie-jar.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { testProduct } from "../../testing/inventory.ts";
import { shopperBrowser } from "../../testing/shopper-browser.ts";
import { sentBy, statementsSentBy } from "../../testing/statements-sent.ts";
import {
  type TestContext,
  testConfig,
  testDatabaseKinds,
  useTestApp,
} from "../../testing/test-app.ts";
import { MAILS_PER_RECIPIENT_PER_HOUR } from "../mail/recipient-limit.ts";

// What each statement a checkout sends is, by what it does first.
const ROUTE_COUNT = "the address's count of checkouts";
const CLAIM = "the key's claim";
const ORDER = "the order";
const statementOf = (text: string) =>
  /^insert into rate_limits/.test(text)
    ? ROUTE_COUNT
    : /^with claimed as \( insert into idempotency_keys/.test(text)
      ? CLAIM
      : /^with wanted/.test(text)
        ? ORDER
        : text;

const cashOrder = (productId: string, email = freshEmail()): PlaceOrderInput => ({
  contact: { firstName: "Asha", lastName: "Das", email, phone: freshMobile() },
  delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  notes: "",
  payment: { method: "cash" },
  items: [{ productId, quantity: 1 }],
});

let made = 0;
const freshProduct = async (ctx: TestContext) => {
  const id = `trips-${process.pid}-${Date.now()}-${++made}`;
  await testProduct(ctx, id, 50);
  return id;
};

const orderCount = async (db: DatabaseHandle["db"], email: string) =>
  rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from orders where email = ${email}`),
  )[0]!.n;

/** A support request naming `email`, from an address of its own: one more mail to that inbox. */
const support = (app: StoreApp, email: string) =>
  app.inject({
    method: "POST",
    url: "/api/support/tickets",
    payload: { name: "Asha Das", email, queryType: "order_status", message: "Where is it?" },
    headers: { origin: TEST_ORIGIN },
    remoteAddress: freshAddress(),
  });

/** Mails `email` may still be sent this hour, found by sending support requests until refused. */
async function mailsLeft(app: StoreApp, email: string) {
  for (let sent = 0; sent <= MAILS_PER_RECIPIENT_PER_HOUR; sent++) {
    const answer = await support(app, email);
    if (answer.statusCode === 429) return sent;
    expect(answer.statusCode, answer.body).toBe(201);
  }
  throw new Error("the recipient limit never refused");
}

describe.each(testDatabaseKinds)("the round trips of a checkout on %s", (kind) => {
  const ctx = useTestApp(kind);
  // PGlite is one process: its limits count in memory, at no round trip at all.
  const limitsInDatabase = kind === "postgres";

  it("sends the key's claim (with the mail count and the products) and the order, nothing else", async () => {
    const browser = shopperBrowser(() => ctx.app);
    const order = cashOrder(await freshProduct(ctx));
    const key = randomUUID();
    let status = 0;
    const statements = await sentBy(ctx.database.db, async () => {
      status = (await browser.place(order, key)).statusCode;
    });
    const sent = statements.map((statement) => statement.text);
    expect(status).toBe(201);
    expect(sent.map(statementOf)).toEqual(
      limitsInDatabase ? [ROUTE_COUNT, CLAIM, ORDER] : [CLAIM, ORDER],
    );
    // Each is made once and, on PostgreSQL, prepared once per connection and run by its name.
    const names = statements.map((statement) => statement.name?.replace(/_\d+$/, ""));
    expect(names).toEqual(
      limitsInDatabase ? ["rate_limit_count", "key_claim", "place_order"] : [undefined, undefined],
    );
    const claim = sent.find((text) => statementOf(text) === CLAIM)!;
    expect(claim).toContain('from "products"');
    // The mail to the shopper's address is counted in the claim, only when it claims the key.
    if (limitsInDatabase) expect(claim).toMatch(/counted as \( insert into rate_limits/);

    // A replay is answered from the claim's statement alone.
    const replay = await statementsSentBy(ctx.database.db, async () => {
      const again = await browser.place(order, key);
      expect(again.statusCode).toBe(201);
    });
    expect(replay.map(statementOf)).toEqual(limitsInDatabase ? [ROUTE_COUNT, CLAIM] : [CLAIM]);
    expect(await orderCount(ctx.database.db, order.contact.email)).toBe(1);
  });

  it("counts the mail once for one key pressed twice at once, and places one order", async () => {
    const browser = shopperBrowser(() => ctx.app);
    await browser.openCheckout();
    const order = cashOrder(await freshProduct(ctx));
    const key = randomUUID();
    const answers = await Promise.all([browser.place(order, key), browser.place(order, key)]);
    // The second is answered as the first was, or told the first is still being placed.
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    expect(answers.map((answer) => answer.statusCode)).toContain(201);
    expect(await orderCount(ctx.database.db, order.contact.email)).toBe(1);
    expect(await mailsLeft(ctx.app, order.contact.email)).toBe(MAILS_PER_RECIPIENT_PER_HOUR - 1);
  });

  it("claims no key for a checkout refused by the address's limit, and says when to return", async () => {
    const address = freshAddress();
    const browser = shopperBrowser(() => ctx.app, "", address);
    await browser.openCheckout();
    const product = await freshProduct(ctx);
    // POST /api/orders takes 30 a minute from one address; invalid ones count as well.
    for (let sent = 0; sent < 30; sent++) {
      const answer = await browser.place({ ...cashOrder(product), items: [] }, randomUUID());
      expect(answer.statusCode).toBe(400);
    }
    const key = randomUUID();
    const order = cashOrder(product);
    const refused = await browser.place(order, key);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const keys = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from idempotency_keys where key = ${`checkout:${key}`}`,
      ),
    );
    expect(keys[0]!.n).toBe(0);
    // Nor was its mail counted.
    expect(await mailsLeft(ctx.app, order.contact.email)).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
  });
});

describe.runIf(testDatabaseKinds.includes("postgres"))(
  "two store instances on one PostgreSQL database",
  () => {
    const ctx = useTestApp("postgres");
    const other = {} as { app: StoreApp; database: DatabaseHandle };
    beforeAll(async () => {
      const [{ name }] = rowsOf<{ name: string }>(
        await ctx.database.db.execute(sql`select current_database() as name`),
      ) as [{ name: string }];
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      other.database = await openDatabase({ databaseUrl: url.toString() });
      other.app = await buildApp({ config: testConfig(), database: other.database });
      await other.app.ready();
    });
    afterAll(async () => {
      await other.app?.close();
      await other.database?.close();
    });

    it("share one count of the mail to an address, checkouts and forms alike", async () => {
      const email = freshEmail();
      const product = await freshProduct(ctx);
      const place = (app: StoreApp) =>
        shopperBrowser(() => app).place(cashOrder(product, email), randomUUID());
      expect((await place(ctx.app)).statusCode).toBe(201);
      expect((await place(other.app)).statusCode).toBe(201);
      expect((await support(other.app, email)).statusCode).toBe(201);
      expect((await place(ctx.app)).statusCode).toBe(201);
      expect((await support(ctx.app, email)).statusCode).toBe(201);
      const refused = [await place(ctx.app), await place(other.app)];
      for (const answer of refused) {
        expect(answer.statusCode).toBe(429);
        expect(answer.json().message).toContain("emails to this address in the last hour");
        expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      }
      expect(await orderCount(ctx.database.db, email)).toBe(3);
    });

    it("place one order for one key sent to both at once, and count its mail once", async () => {
      const browser = shopperBrowser(() => ctx.app);
      await browser.openCheckout();
      const elsewhere = shopperBrowser(
        () => other.app,
        cookieHeaderOf(browser.jar),
        browser.address,
      );
      const order = cashOrder(await freshProduct(ctx));
      const key = randomUUID();
      const answers = await Promise.all([browser.place(order, key), elsewhere.place(order, key)]);
      for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
      expect(answers.map((answer) => answer.statusCode)).toContain(201);
      expect(await orderCount(ctx.database.db, order.contact.email)).toBe(1);
      expect(await mailsLeft(other.app, order.contact.email)).toBe(
        MAILS_PER_RECIPIENT_PER_HOUR - 1,
      );
    });
  },
);

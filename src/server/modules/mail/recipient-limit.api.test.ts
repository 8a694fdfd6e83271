import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { rowsOf } from "../../db/client.ts";
import {
  bulkOrders,
  mailOutbox,
  orders,
  payments,
  supportTickets,
  users,
} from "../../db/schema/index.ts";
import { validRequest } from "../../testing/bulk-orders.ts";
import {
  cookieOf,
  freshAddress,
  freshMobile,
  signUpCustomer,
  TEST_ORIGIN,
} from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";
import { MAILS_PER_RECIPIENT_PER_HOUR } from "./recipient-limit.ts";

let counter = 0;
const newVictim = () => `inbox${Date.now()}${++counter}@example.in`;

const orderFor = (email: string): PlaceOrderInput => ({
  contact: { firstName: "Ravi", lastName: "Sahu", email, phone: freshMobile() },
  delivery: { address: "3 Unit 9", city: "Bhubaneswar", state: "Odisha", pincode: "751001" },
  payment: {
    method: "card",
  },
  items: [{ productId: "onions", quantity: 1_000 }],
});

describe.each(testDatabaseKinds)("mail to an address that did not ask for it on %s", (kind) => {
  const gateway = createTestGateway();
  const ctx = useTestApp(kind, {}, { gateway });

  // Every request from a network address of its own: the limit follows the recipient.
  const post = (url: string, payload: object, cookie?: string) =>
    ctx.app.inject({
      method: "POST",
      url,
      payload,
      headers: {
        origin: TEST_ORIGIN,
        "idempotency-key": `recipient-${Date.now()}-${++counter}`,
        ...(cookie && { cookie }),
      },
      remoteAddress: freshAddress(),
    });
  const support = (email: string) =>
    post("/api/support/tickets", {
      name: "Ravi Sahu",
      email,
      queryType: "order_status",
      message: "Where is my order?",
    });
  const bulk = (email: string) => post("/api/bulk-orders", validRequest({ email }));
  const order = (email: string, cookie?: string) => post("/api/orders", orderFor(email), cookie);
  const count = async (
    table:
      | typeof mailOutbox
      | typeof orders
      | typeof payments
      | typeof supportTickets
      | typeof bulkOrders,
  ) => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const everything = () =>
    Promise.all([mailOutbox, orders, payments, supportTickets, bulkOrders].map(count));

  it("counts the spellings that reach one inbox as one address: +tags, and dots at Gmail", async () => {
    const local = `inbox${Date.now()}${++counter}`;
    const spellings = [
      `${local}@gmail.com`,
      `${local}+a@gmail.com`,
      `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
      `${local}+b@googlemail.com`,
      `${local}+c+d@GMAIL.com`,
    ];
    expect(spellings).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    for (const email of spellings) expect((await support(email)).statusCode).toBe(201);
    expect((await support(`${local}+${Date.now()}@gmail.com`)).statusCode).toBe(429);
    // Elsewhere dots are part of the name: another mailbox is not held back.
    const other = newVictim();
    for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR; i++) {
      expect((await support(other.replace("@", `+${i}@`))).statusCode).toBe(201);
    }
    expect((await support(other.replace("inbox", "in.box"))).statusCode).toBe(201);
  });

  it("sends one address 5 acknowledgements an hour across the forms, then refuses with 429", async () => {
    const victim = newVictim();
    const sent = [
      await support(victim),
      await bulk(victim),
      await order(victim),
      await support(victim.toUpperCase()),
      await bulk(`  ${victim}  `),
    ];
    expect(sent.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(sent).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);

    const before = await everything();
    const providerOrders = gateway.ordersCreated;
    for (const refused of [await support(victim), await bulk(victim), await order(victim)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: "RATE_LIMITED" });
      expect(refused.json().message).toContain("emails to this address in the last hour");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Refused before anything was written, mailed or asked of the payment provider.
    expect(await everything()).toEqual(before);
    expect(gateway.ordersCreated).toBe(providerOrders);

    // Someone else's address is not affected.
    expect((await support(newVictim())).statusCode).toBe(201);
  });

  it("counts parallel requests too: 12 at once let exactly 5 through", async () => {
    const victim = newVictim();
    const answers = await Promise.all(Array.from({ length: 12 }, () => support(victim)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      12 - MAILS_PER_RECIPIENT_PER_HOUR,
    );
  });

  it("keeps the hash of the address, never the address, in the counters", async () => {
    const victim = newVictim();
    await support(victim);
    const [row] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from rate_limits where key like ${`%${victim}%`}`,
      ),
    );
    expect(row!.n).toBe(0);
  });

  it("does not limit a signed-in customer's own verified address", async () => {
    const { cookie, email, userId } = await signUpCustomer(ctx.app);
    await ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    for (let index = 0; index < MAILS_PER_RECIPIENT_PER_HOUR + 2; index++) {
      expect((await order(email, cookie)).statusCode).toBe(201);
    }
    // Another address typed by the same customer is limited like anyone's.
    const victim = newVictim();
    for (let index = 0; index < MAILS_PER_RECIPIENT_PER_HOUR; index++) {
      expect((await order(victim, cookie)).statusCode).toBe(201);
    }
    expect((await order(victim, cookie)).statusCode).toBe(429);
  });

  it("answers a checkout's replays as the first attempt, without counting them again", async () => {
    const victim = newVictim();
    const body = orderFor(victim);
    const key = `replayed-${Date.now()}-${++counter}`;
    const send = (cookie = "") =>
      ctx.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: body,
        headers: { origin: TEST_ORIGIN, "idempotency-key": key, ...(cookie && { cookie }) },
        remoteAddress: freshAddress(),
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    // Replayed by the browser that sent it (its order-access key came with the first answer).
    const browser = cookieOf(first.headers["set-cookie"], "fhh_browser")!;
    for (let index = 0; index < MAILS_PER_RECIPIENT_PER_HOUR + 2; index++) {
      const again = await send(browser);
      expect(again.statusCode).toBe(201);
      expect(again.json().orderNumber).toBe(first.json().orderNumber);
    }
    for (let index = 1; index < MAILS_PER_RECIPIENT_PER_HOUR; index++) {
      expect((await support(victim)).statusCode).toBe(201);
    }
    expect((await support(victim)).statusCode).toBe(429);
  });

  it("limits an unverified customer's address like a guest's", async () => {
    const { cookie, email } = await signUpCustomer(ctx.app);
    for (let index = 0; index < MAILS_PER_RECIPIENT_PER_HOUR; index++) {
      expect((await order(email, cookie)).statusCode).toBe(201);
    }
    expect((await order(email, cookie)).statusCode).toBe(429);
  });
});

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import {
  MAX_OPEN_CASH_ORDERS,
  MAX_OPEN_CASH_ORDERS_PER_NETWORK,
  networkCashOrdersMessage,
  openCashOrdersMessage,
} from "../../../shared/rules/open-cash-orders.ts";
import { orders, products } from "../../db/schema/index.ts";
import { cookieOf, freshAddress, freshEmail, TEST_ORIGIN } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

let phones = 0;
/** A mobile number of its own per test, so the tests' counts stay apart. */
const newPhone = () =>
  `94${String(Date.now() % 1e6).padStart(6, "0")}${String(++phones % 100).padStart(2, "0")}`;

/** Each order takes 1 kg of onions, which are weighed: stock and quantities are in grams. */
const ONION_GRAMS = 1_000;

const order = (phone: string, payment: PlaceOrderInput["payment"] = { method: "cash" }) =>
  ({
    contact: { firstName: "Lata", lastName: "Behera", email: freshEmail("lata"), phone },
    delivery: {
      address: "9 Jaydev Vihar",
      city: "Bhubaneswar",
      state: "Odisha",
      pincode: "751013",
    },
    payment,
    items: [{ productId: "onions", quantity: ONION_GRAMS }],
  }) satisfies PlaceOrderInput;

let keys = 0;
let networks = 0;

describe.each(testDatabaseKinds)("open cash-on-delivery orders on %s", (kind) => {
  const ctx = useTestApp(kind);

  async function place(
    body: PlaceOrderInput,
    options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: body,
      headers: {
        "idempotency-key": `open-cash-${Date.now()}-${++keys}`,
        origin: TEST_ORIGIN,
        ...(options.cookie && { cookie: options.cookie }),
        ...options.headers,
      },
      remoteAddress: options.ip ?? freshAddress(),
    });
    const cookie = cookieOf(response.headers["set-cookie"], "fhh_browser") ?? options.cookie;
    return { status: response.statusCode, body: response.json(), cookie };
  }
  const onionStock = async () =>
    (await ctx.database.db.select().from(products).where(eq(products.id, "onions")))[0]!.stock;
  const moveOrder = (orderNumber: string, change: Partial<typeof orders.$inferInsert>) =>
    ctx.database.db.update(orders).set(change).where(eq(orders.orderNumber, orderNumber));
  const openCount = async (phone: string) =>
    (
      await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.phone, `+91${phone}`), eq(orders.paymentMethod, "cash")))
    )[0]!.n;

  it("refuses a 4th open cash order for one phone, however it is written, from any browser", async () => {
    const phone = newPhone();
    const placed: string[] = [];
    for (const spelling of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`]) {
      const answer = await place(order(spelling));
      expect(answer.status).toBe(201);
      placed.push(answer.body.orderNumber);
    }
    const stock = await onionStock();
    const refused = await place(order(`91-${phone}`));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "CONFLICT",
      message: openCashOrdersMessage(true),
      field: "payment.method",
    });
    expect(refused.body.message).toContain("pay online");
    expect(await onionStock()).toBe(stock);
    expect(await openCount(phone)).toBe(MAX_OPEN_CASH_ORDERS);

    // Paying online is always possible; a delivered, a cancelled or a paid order frees a place.
    expect((await place(order(phone, { method: "upi" }))).status).toBe(201);
    await moveOrder(placed[0]!, { status: "delivered" });
    expect((await place(order(phone))).status).toBe(201);
    expect((await place(order(phone))).status).toBe(409);
    await moveOrder(placed[1]!, { status: "cancelled" });
    await moveOrder(placed[2]!, { paymentStatus: "paid" });
    expect((await place(order(phone))).status).toBe(201);
    expect((await place(order(phone))).status).toBe(201);
    expect((await place(order(phone))).status).toBe(409);
  });

  it("refuses a 4th open cash order from one browser, whatever phone it gives", async () => {
    let cookie: string | undefined;
    for (let index = 0; index < MAX_OPEN_CASH_ORDERS; index++) {
      const answer = await place(order(newPhone()), { cookie });
      expect(answer.status).toBe(201);
      cookie = answer.cookie;
    }
    const refused = await place(order(newPhone()), { cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(openCashOrdersMessage(true));
    // Another browser with another phone is a different shopper.
    expect((await place(order(newPhone()))).status).toBe(201);
  });

  it("refuses an 11th open cash order from one network address, whatever phones it names", async () => {
    const ip = freshAddress();
    const stock = await onionStock();
    // An office's shoppers: a phone and a browser each, all behind one address.
    const placed: string[] = [];
    for (let index = 0; index < MAX_OPEN_CASH_ORDERS_PER_NETWORK; index++) {
      const answer = await place(order(newPhone()), { ip });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      placed.push(answer.body.orderNumber);
    }
    const refused = await place(order(newPhone()), { ip });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: "CONFLICT",
      message: networkCashOrdersMessage(true),
      field: "payment.method",
    });
    // A forwarded-for header names no other client: the store trusts no proxy here.
    const forged = await place(order(newPhone()), {
      ip,
      headers: { "x-forwarded-for": freshAddress(), forwarded: `for=${freshAddress()}` },
    });
    expect(forged.status).toBe(409);
    expect(await onionStock()).toBe(stock - MAX_OPEN_CASH_ORDERS_PER_NETWORK * ONION_GRAMS);

    // Paying online is always possible; another network is another office; a delivered order
    // frees a place.
    expect((await place(order(newPhone(), { method: "upi" }), { ip })).status).toBe(201);
    expect((await place(order(newPhone()))).status).toBe(201);
    await moveOrder(placed[0]!, { status: "delivered" });
    expect((await place(order(newPhone()), { ip })).status).toBe(201);
    expect((await place(order(newPhone()), { ip })).status).toBe(409);
  });

  it("counts an IPv6 network by its /64, however its addresses are written", async () => {
    const prefix = `2001:db8:${(++networks).toString(16)}:7`;
    const spellings = (index: number) =>
      [
        `${prefix}::${index.toString(16)}`,
        `${prefix}:0:0:0:${index.toString(16)}`,
        `${prefix.toUpperCase()}:ffff:${index.toString(16)}::1`,
        `${prefix}:${index.toString(16)}:a:b:c`,
      ][index % 4]!;
    for (let index = 1; index <= MAX_OPEN_CASH_ORDERS_PER_NETWORK; index++) {
      const answer = await place(order(newPhone()), { ip: spellings(index) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
    const refused = await place(order(newPhone()), { ip: `${prefix}:dead:beef:1:2` });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(networkCashOrdersMessage(true));
    // The next /64 is another subscriber.
    const next = `2001:db8:${networks.toString(16)}:8::1`;
    expect((await place(order(newPhone()), { ip: next })).status).toBe(201);
  });

  it("counts an IPv4 client reaching the store over IPv6 as its IPv4 address", async () => {
    const ip = freshAddress();
    for (let index = 0; index < MAX_OPEN_CASH_ORDERS_PER_NETWORK; index++) {
      const answer = await place(order(newPhone()), { ip: index % 2 ? `::ffff:${ip}` : ip });
      expect(answer.status).toBe(201);
    }
    expect((await place(order(newPhone()), { ip: `::ffff:${ip}` })).status).toBe(409);
  });

  it("lets only one of three simultaneous cash orders through a network one short of its cap", async () => {
    const ip = freshAddress();
    for (let index = 0; index < MAX_OPEN_CASH_ORDERS_PER_NETWORK - 1; index++) {
      expect((await place(order(newPhone()), { ip })).status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => place(order(newPhone()), { ip })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const [open] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.networkKey, ip), eq(orders.status, "placed")));
    expect(open!.n).toBe(MAX_OPEN_CASH_ORDERS_PER_NETWORK);
  });

  it("holds a client on the store's own machine to the same cap, with no cookie and new phones", async () => {
    const local = ["127.0.0.9", "::1", "::ffff:127.0.0.9"];
    const answers = [];
    for (let index = 0; index <= MAX_OPEN_CASH_ORDERS_PER_NETWORK; index++) {
      answers.push(await place(order(newPhone()), { ip: local[index % 2 === 0 ? 0 : 2] }));
    }
    expect(answers.slice(0, -1).every((answer) => answer.status === 201)).toBe(true);
    expect(answers.at(-1)!.status).toBe(409);
    expect(answers.at(-1)!.body.message).toBe(networkCashOrdersMessage(true));
    // ::1 is a network of its own, not 127.0.0.9's.
    expect((await place(order(newPhone()), { ip: local[1] })).status).toBe(201);
  });

  it("keeps a cash order's network only while the order is open", async () => {
    const ip = freshAddress();
    const cash = await place(order(newPhone()), { ip });
    const online = await place(order(newPhone(), { method: "upi" }), { ip });
    const networkOf = async (orderNumber: string) =>
      (
        await ctx.database.db
          .select({ key: orders.networkKey })
          .from(orders)
          .where(eq(orders.orderNumber, orderNumber))
      )[0]!.key;
    expect(await networkOf(cash.body.orderNumber)).toBe(ip);
    // An online order is not counted, so the store keeps no network for it.
    expect(await networkOf(online.body.orderNumber)).toBeNull();
    // This machine's address is a network like any other: a script run beside the store is held.
    const local = await place(order(newPhone()), { ip: "127.0.0.1" });
    expect(await networkOf(local.body.orderNumber)).toBe("127.0.0.1");

    await ctx.app.housekeeping.runOnce();
    expect(await networkOf(cash.body.orderNumber)).toBe(ip);
    await moveOrder(cash.body.orderNumber, { status: "delivered" });
    await ctx.app.housekeeping.runOnce();
    expect(await networkOf(cash.body.orderNumber)).toBeNull();
  });

  it("lets only 3 of 8 simultaneous cash orders for one phone through", async () => {
    const phone = newPhone();
    const stock = await onionStock();
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(order(phone))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await openCount(phone)).toBe(MAX_OPEN_CASH_ORDERS);
    expect(await onionStock()).toBe(stock - MAX_OPEN_CASH_ORDERS * ONION_GRAMS);
  });

  it("lets only 3 of 8 simultaneous cash orders from one browser through", async () => {
    const first = await place(order(newPhone()));
    expect(first.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => place(order(newPhone()), { cookie: first.cookie })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(
      MAX_OPEN_CASH_ORDERS - 1,
    );
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(
      8 - (MAX_OPEN_CASH_ORDERS - 1),
    );
  });
});

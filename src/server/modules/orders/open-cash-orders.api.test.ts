import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import {
  MAX_OPEN_CASH_ORDERS,
  openCashOrdersMessage,
} from "../../../shared/rules/open-cash-orders.ts";
import { orders, products } from "../../db/schema/index.ts";
import { cookieOf, freshAddress, freshEmail, TEST_ORIGIN } from "../../testing/customers.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

let phones = 0;
/** A mobile number of its own per test, so the tests' counts stay apart. */
const newPhone = () =>
  `94${String(Date.now() % 1e6).padStart(6, "0")}${String(++phones % 100).padStart(2, "0")}`;

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
    items: [{ productId: "onions", quantity: 1 }],
  }) satisfies PlaceOrderInput;

let keys = 0;

describe.each(testDatabaseKinds)("open cash-on-delivery orders on %s", (kind) => {
  const ctx = useTestApp(kind);

  async function place(body: PlaceOrderInput, options: { cookie?: string; ip?: string } = {}) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: body,
      headers: {
        "idempotency-key": `open-cash-${Date.now()}-${++keys}`,
        origin: TEST_ORIGIN,
        ...(options.cookie && { cookie: options.cookie }),
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

  it("does not count by network address: one office's shoppers each get their own", async () => {
    const ip = freshAddress();
    const answers = [];
    for (let index = 0; index < MAX_OPEN_CASH_ORDERS + 3; index++) {
      answers.push(await place(order(newPhone()), { ip }));
    }
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
  });

  it("lets only 3 of 8 simultaneous cash orders for one phone through", async () => {
    const phone = newPhone();
    const stock = await onionStock();
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(order(phone))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await openCount(phone)).toBe(MAX_OPEN_CASH_ORDERS);
    expect(await onionStock()).toBe(stock - MAX_OPEN_CASH_ORDERS);
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

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type PlaceOrderInput, placeOrderSchema } from "../../../shared/contracts/checkout.ts";
import { ORDER_ACCESS_KEY_PATH } from "../../../shared/contracts/order-access.ts";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { orders, products } from "../../db/schema/index.ts";
import { freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { setShelf } from "../../testing/inventory.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { cashNetworkOf } from "../checkout/cash-network.ts";
import { placeOrder } from "../checkout/place-order.ts";
import { paymentHold } from "../payments/checkout-session.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

const baseOrder: PlaceOrderInput = {
  contact: { firstName: "Asha", lastName: "Das", email: "asha@example.in", phone: "9876543210" },
  delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  notes: "Ring twice",
  payment: { method: "cash" },
  items: [{ productId: "mangoes", quantity: 2_000 }],
};
const card = { method: "card" } as const;

let counter = 0;
const newKey = () => `test-key-${Date.now()}-${++counter}`;
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;

describe.each(testDatabaseKinds)("orders API on %s", (kind) => {
  const ctx = useTestApp(kind);

  // Each order is a shopper of its own, with their own phone and email (the store limits open
  // cash orders per phone and unasked-for mail per address); a replay keeps the first ones.
  const shoppers = new Map<string, { phone: string; email: string }>();
  const ownShopper = (body: unknown, key: string) => {
    const order = body as PlaceOrderInput;
    if (!order?.contact) return order;
    if (!shoppers.has(key)) shoppers.set(key, { phone: freshMobile(), email: freshEmail() });
    const own = shoppers.get(key)!;
    const { phone, email } = order.contact;
    return {
      ...order,
      contact: {
        ...order.contact,
        phone: phone === baseOrder.contact.phone ? own.phone : phone,
        email: email === baseOrder.contact.email ? own.email : email,
      },
    };
  };

  async function place(
    body: unknown,
    options: { key?: string; cookie?: string; ip?: string } = {},
  ) {
    const key = options.key ?? newKey();
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: ownShopper(body, key) as object,
      headers: {
        origin: TEST_ORIGIN,
        ...(options.key !== "" && { "idempotency-key": key }),
        ...(options.cookie && { cookie: options.cookie }),
      },
      remoteAddress: options.ip ?? nextAddress(),
    });
    const setCookie = response.headers["set-cookie"];
    const cookie =
      (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(";")[0] ?? options.cookie;
    return { response, body: response.json(), cookie };
  }

  async function stockOf(id: string) {
    const [row] = await ctx.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, id));
    return row!.stock;
  }
  async function setStock(id: string, stock: number) {
    await setShelf(ctx, id, stock);
  }
  async function orderCount() {
    const [row] = await ctx.database.db.select({ count: sql<number>`count(*)::int` }).from(orders);
    return row!.count;
  }

  it("places a cash order priced by the server and takes the stock", async () => {
    const before = await stockOf("mangoes");
    // Spelled as people type it, and stored normalised.
    const { response, body } = await place({
      ...baseOrder,
      contact: { ...baseOrder.contact, phone: "98765 43210" },
    });
    expect(response.statusCode).toBe(201);
    const order = body as OrderView;
    expect(order.orderNumber).toMatch(/^FHH-\d{6}$/);
    expect(order).toMatchObject({
      status: "placed",
      paymentStatus: "pending",
      paymentMethod: "cash",
    });
    expect(order.paymentSummary).toBe("Cash on Delivery");
    expect(order.lines).toEqual([
      expect.objectContaining({ productId: "mangoes", quantity: 2_000, unitPricePaise: 15000 }),
    ]);
    expect(order.subtotalPaise).toBe(30000);
    expect(order.deliveryFeePaise).toBe(4900);
    expect(order.totalPaise).toBe(34900);
    expect(order.phone).toBe("+919876543210");
    expect(await stockOf("mangoes")).toBe(before - 2_000);
  });

  it("charges GST per line: 5% on desi ghee, nothing on produce, free delivery above Rs 500", async () => {
    const { body } = await place({
      ...baseOrder,
      items: [
        { productId: "desi-ghee", quantity: 1 },
        { productId: "tomatoes", quantity: 1_000 },
      ],
    });
    const order = body as OrderView;
    expect(order.gstPaise).toBe(5000);
    expect(order.deliveryFeePaise).toBe(0);
    expect(order.totalPaise).toBe(order.subtotalPaise + 5000);
  });

  it("merges two lines of the same product", async () => {
    const before = await stockOf("tomatoes");
    const { response, body } = await place({
      ...baseOrder,
      items: [
        { productId: "tomatoes", quantity: 1_000 },
        { productId: "tomatoes", quantity: 2_000 },
      ],
    });
    expect(response.statusCode).toBe(201);
    expect((body as OrderView).lines).toEqual([
      expect.objectContaining({ productId: "tomatoes", quantity: 3_000 }),
    ]);
    expect(await stockOf("tomatoes")).toBe(before - 3_000);
  });

  it.each([
    [
      "a client price",
      { items: [{ productId: "mangoes", quantity: 1_000, pricePaise: 1 }] },
      "pricePaise",
    ],
    ["a client total", { total: 1 }, "total"],
    ["zero quantity", { items: [{ productId: "mangoes", quantity: 0 }] }, "items.0.quantity"],
    ["negative quantity", { items: [{ productId: "mangoes", quantity: -3 }] }, "items.0.quantity"],
    [
      "fractional quantity",
      { items: [{ productId: "mangoes", quantity: 1_000.5 }] },
      "items.0.quantity",
    ],
    ["huge quantity", { items: [{ productId: "mangoes", quantity: 1_000e9 }] }, "items.0.quantity"],
    [
      "a quantity as text",
      { items: [{ productId: "mangoes", quantity: "2" }] },
      "items.0.quantity",
    ],
    ["no items", { items: [] }, "items"],
    ["an unknown payment method", { payment: { method: "bitcoin" } }, "payment.method"],
    ["a bad phone", { contact: { ...baseOrder.contact, phone: "12345" } }, "contact.phone"],
    [
      "a bad PIN code",
      { delivery: { ...baseOrder.delivery, pincode: "7510" } },
      "delivery.pincode",
    ],
    [
      "card details (they belong in the provider's checkout)",
      { payment: { ...card, card: { number: "4111111111111111", cvv: "123" } } },
      "card",
    ],
    ["a UPI ID", { payment: { method: "upi", upiId: "asha@okaxis" } }, "upiId"],
  ])("refuses %s with a 400 naming the field", async (_name, change, field) => {
    const before = await orderCount();
    const { response, body } = await place({ ...baseOrder, ...change });
    expect(response.statusCode).toBe(400);
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.field).toBe(field);
    expect(await orderCount()).toBe(before);
  });

  it("refuses unknown products with a clear 400", async () => {
    const { response, body } = await place({
      ...baseOrder,
      items: [{ productId: "unicorn-fruit", quantity: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(body.message).toContain("unicorn-fruit");
  });

  it("requires an Idempotency-Key", async () => {
    const { response, body } = await place(baseOrder, { key: "" });
    expect(response.statusCode).toBe(400);
    expect(body.message).toContain("Idempotency-Key");
  });

  it("refuses PIN codes outside the delivery area before any payment", async () => {
    const { response, body } = await place({
      ...baseOrder,
      payment: card,
      delivery: { ...baseOrder.delivery, pincode: "110001" },
    });
    expect(response.statusCode).toBe(400);
    expect(body).toMatchObject({ field: "delivery.pincode" });
    expect(body.message).toContain("don't deliver");
  });

  it("says which items are short and how many are left", async () => {
    await setStock("jackfruit", 2);
    const { response, body } = await place({
      ...baseOrder,
      items: [{ productId: "jackfruit", quantity: 3 }],
    });
    expect(response.statusCode).toBe(409);
    expect(body.code).toBe("OUT_OF_STOCK");
    expect(body.items).toEqual([
      { productId: "jackfruit", name: "Jackfruit", requested: 3, available: 2 },
    ]);
    expect(await stockOf("jackfruit")).toBe(2);
  });

  it("answers a repeated key with the first order, placing it once", async () => {
    const key = newKey();
    const stock = await stockOf("brinjal");
    const body = { ...baseOrder, items: [{ productId: "brinjal", quantity: 1_000 }] };
    const first = await place(body, { key });
    // Sent again from the same browser: the key is its (decision 42).
    const again = await place(body, { key, cookie: first.cookie });
    expect(again.response.statusCode).toBe(201);
    expect(again.body.orderNumber).toBe(first.body.orderNumber);
    expect(await stockOf("brinjal")).toBe(stock - 1_000);

    const changed = await place({ ...body, notes: "different" }, { key, cookie: first.cookie });
    expect(changed.response.statusCode).toBe(422);
    expect(changed.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("places one order when the same key races itself", async () => {
    const key = newKey();
    const stock = await stockOf("paneer");
    const body = { ...baseOrder, items: [{ productId: "paneer", quantity: 1 }] };
    // One browser pressing eight times: it holds its order-access key from the checkout page.
    const opened = await ctx.app.inject({
      method: "POST",
      url: ORDER_ACCESS_KEY_PATH,
      headers: { origin: TEST_ORIGIN },
    });
    const cookie = opened.headers["set-cookie"]!.toString().split(";")[0]!;
    const results = await Promise.all(
      Array.from({ length: 8 }, () => place(body, { key, cookie })),
    );
    const statuses = results.map((result) => result.response.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const numbers = new Set(
      results.filter((r) => r.response.statusCode === 201).map((r) => r.body.orderNumber),
    );
    expect(numbers.size).toBe(1);
    expect(await stockOf("paneer")).toBe(stock - 1);
  });

  it("sells the last 10 units to exactly 10 of 50 concurrent buyers", async () => {
    await setStock("watermelon", 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        place({ ...baseOrder, items: [{ productId: "watermelon", quantity: 1 }] }),
      ),
    );
    const statuses = results.map((result) => result.response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await stockOf("watermelon")).toBe(0);
    const numbers = results
      .filter((r) => r.response.statusCode === 201)
      .map((r) => r.body.orderNumber);
    expect(new Set(numbers).size).toBe(10);
  });

  it("takes every line or none when concurrent orders share several scarce products", async () => {
    const scarce = ["guava", "papaya", "paneer", "watermelon"];
    // Guava and papaya are weighed: 12 kg of them and 1 or 2 kg a line, in grams.
    const per = (id: string) => (["guava", "papaya"].includes(id) ? 1_000 : 1);
    const initial = 12;
    for (const id of scarce) await setStock(id, initial * per(id));
    // A fixed sequence, so a failure can be replayed; items in shuffled order, so rows are asked
    // for in every order and only the statement's own id order keeps the locks from crossing.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const carts = Array.from({ length: 40 }, () =>
      [...scarce]
        .sort(() => random() - 0.5)
        .slice(0, 2 + Math.floor(random() * 2))
        .map((productId) => ({
          productId,
          quantity: (1 + Math.floor(random() * 2)) * per(productId),
        })),
    );
    const results = await Promise.all(carts.map((items) => place({ ...baseOrder, items })));

    const sold = new Map(scarce.map((id) => [id, 0]));
    let placed = 0;
    for (const [index, result] of results.entries()) {
      if (result.response.statusCode === 201) {
        placed++;
        const lines = (result.body as OrderView).lines;
        expect(lines.map((line) => line.productId).sort()).toEqual(
          carts[index]!.map((item) => item.productId).sort(),
        );
        for (const line of lines)
          sold.set(line.productId, sold.get(line.productId)! + line.quantity);
      } else {
        expect(result.response.statusCode).toBe(409);
        expect(result.body.code).toBe("OUT_OF_STOCK");
      }
    }
    expect(placed).toBeGreaterThan(0);
    expect(placed).toBeLessThan(carts.length);
    for (const id of scarce) {
      const left = await stockOf(id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left + sold.get(id)!).toBe(initial * per(id));
    }
  });

  it("lets only the placing browser read, rate and download its order", async () => {
    const { body, cookie } = await place(baseOrder);
    const number = (body as OrderView).orderNumber;
    expect(cookie).toMatch(/^fhh_browser=/);

    const mine = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${number}`,
      headers: { cookie: cookie! },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().orderNumber).toBe(number);

    const stranger = await ctx.app.inject({ method: "GET", url: `/api/orders/${number}` });
    expect(stranger.statusCode).toBe(404);
    const other = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${number}`,
      headers: { cookie: `fhh_browser=${"x".repeat(43)}` },
    });
    expect(other.statusCode).toBe(404);
    const strangerInvoice = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${number}/invoice`,
    });
    expect(strangerInvoice.statusCode).toBe(404);
    const strangerRating = await ctx.app.inject({
      method: "POST",
      url: `/api/orders/${number}/rating`,
      payload: { rating: 1 },
      headers: { origin: TEST_ORIGIN },
    });
    expect(strangerRating.statusCode).toBe(404);
  });

  it("keeps placing orders from one browser under the same cookie", async () => {
    const first = await place(baseOrder);
    const second = await place(baseOrder, { cookie: first.cookie! });
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${second.body.orderNumber}`,
      headers: { cookie: first.cookie! },
    });
    expect(read.statusCode).toBe(200);
  });

  it("serves the invoice as a download, with the customer's text escaped", async () => {
    const { body, cookie } = await place({
      ...baseOrder,
      contact: { ...baseOrder.contact, firstName: "<script>alert(1)</script>" },
    });
    const response = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${body.orderNumber}/invoice`,
      headers: { cookie: cookie! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="invoice-${body.orderNumber}.html"`,
    );
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain(body.orderNumber);
    expect(response.body).not.toContain("<script>alert(1)</script>");
    expect(response.body).toContain("&lt;script&gt;");
  });

  it("stores a 1-5 star rating and refuses anything else", async () => {
    const { body, cookie } = await place(baseOrder);
    const url = `/api/orders/${body.orderNumber}/rating`;
    for (const rating of [0, 6, 2.5, "5"]) {
      const refused = await ctx.app.inject({
        method: "POST",
        url,
        payload: { rating },
        headers: { origin: TEST_ORIGIN, cookie: cookie! },
      });
      expect(refused.statusCode).toBe(400);
    }
    const rated = await ctx.app.inject({
      method: "POST",
      url,
      payload: { rating: 4 },
      headers: { origin: TEST_ORIGIN, cookie: cookie! },
    });
    expect(rated.statusCode).toBe(204);
    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/orders/${body.orderNumber}`,
      headers: { cookie: cookie! },
    });
    expect(read.json().rating).toBe(4);
  });

  it("emails the confirmation through the outbox; the invoice waits on the order's page", async () => {
    const { body } = await place({
      ...baseOrder,
      contact: { ...baseOrder.contact, email: "mail-test@example.in" },
    });
    await ctx.app.mail.deliverDue();
    const mailbox = await ctx.app.inject({ method: "GET", url: "/api/dev/mailbox" });
    const message = mailbox
      .json()
      .messages.find((m: { subject: string }) => m.subject.includes(body.orderNumber));
    expect(message).toMatchObject({ to: "mail-test@example.in", status: "stored" });
    expect(message.attachments).toEqual([]);
  });

  it("places nothing when an item runs out while the provider's order is made", async () => {
    // Guava and papaya are weighed: 5 kg of each, in grams.
    await setStock("guava", 5_000);
    await setStock("papaya", 5_000);
    const gateway = createTestGateway();
    // Another buyer takes most of the papaya between the stock check and the order's statement.
    const racing = {
      ...gateway,
      async createOrder(request: Parameters<typeof gateway.createOrder>[0]) {
        const created = await gateway.createOrder(request);
        await setStock("papaya", 1_000);
        return created;
      },
    };
    const ordersBefore = await orderCount();
    const input = placeOrderSchema.parse({
      ...baseOrder,
      payment: card,
      items: [
        { productId: "guava", quantity: 2_000 },
        { productId: "papaya", quantity: 2_000 },
      ],
    });
    const answer = await placeOrder(
      {
        db: ctx.database.db,
        gateway: racing,
        serviceablePincodes: ["751007"],
        hold: paymentHold(15),
      },
      input,
      newKey(),
      { browserKeyHash: "race-test", network: cashNetworkOf("10.9.0.2", 10), locale: "en" },
    );
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: "OUT_OF_STOCK",
      items: [{ productId: "papaya", name: "Papaya", requested: 2_000, available: 1_000 }],
    });
    expect(await stockOf("guava")).toBe(5_000);
    expect(await stockOf("papaya")).toBe(1_000);
    expect(await orderCount()).toBe(ordersBefore);
  });
});

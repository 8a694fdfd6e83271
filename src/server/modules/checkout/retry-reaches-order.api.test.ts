import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { IDEMPOTENCY_MESSAGES } from "../../../shared/contracts/idempotency.ts";
import { rowsOf } from "../../db/client.ts";
import { freshEmail, freshMobile, signUpCustomer } from "../../testing/customers.ts";
import { productRow, testProduct } from "../../testing/inventory.ts";
import { type ProviderDriver, razorpayDriver, testProviderDriver } from "../../testing/payments.ts";
import { type ShopperBrowser, shopperBrowser } from "../../testing/shopper-browser.ts";
import { type TestContext, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

let keys = 0;
const newKey = () => `retry-${Date.now()}-${++keys}`;

const orderOf = (
  productId: string,
  method: PlaceOrderInput["payment"]["method"] = "cash",
): PlaceOrderInput => ({
  contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
  delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
  notes: "",
  payment: { method },
  items: [{ productId, quantity: 1 }],
});

function products(ctx: TestContext) {
  let made = 0;
  return async (stock = 5) => {
    const id = `retry-${process.pid}-${Date.now()}-${++made}`;
    await testProduct(ctx, id, stock);
    return id;
  };
}

const ordersFor = async (ctx: TestContext, email: string) =>
  rowsOf<{ order_number: string }>(
    await ctx.database.db.execute(sql`select order_number from orders where email = ${email}`),
  );

/** The browser's first press: placed, and the answer lost on the way back. */
async function placedWithAnswerLost(browser: ShopperBrowser, order: PlaceOrderInput) {
  const key = newKey();
  const lost = await browser.place(order, key, { lost: true });
  expect(lost.statusCode, lost.body).toBe(201);
  return { key, orderNumber: lost.json().orderNumber as string };
}

const drivers: [string, () => ProviderDriver][] = [
  ["the test provider", testProviderDriver],
  ["Razorpay's stand-in", razorpayDriver],
];
const cases = testDatabaseKinds.flatMap((kind) =>
  drivers.map(([name, driver]) => [kind, name, driver] as const),
);

describe.each(cases)(
  "a checkout whose answer was lost, retried, on %s with %s",
  (kind, _, make) => {
    const driver = make();
    const ctx = useTestApp(kind, {}, { gateway: () => driver.gateway() });
    afterAll(() => driver.close());
    const freshProduct = products(ctx);

    /** A new browser at checkout, its first order placed online and its answer lost, then retried. */
    async function retriedOnline() {
      const browser = shopperBrowser(() => ctx.app);
      const opened = await browser.openCheckout();
      expect(opened.statusCode, opened.body).toBe(204);
      const product = await freshProduct();
      const order = orderOf(product, "card");
      const { key, orderNumber } = await placedWithAnswerLost(browser, order);
      const retried = await browser.place(order, key);
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.json().orderNumber).toBe(orderNumber);
      expect(await ordersFor(ctx, order.contact.email)).toHaveLength(1);
      return { browser, product, body: retried.json() };
    }

    it("reads the order it placed, and pays it", async () => {
      const { browser, body } = await retriedOnline();
      const page = await browser.read(body.orderNumber);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({
        orderNumber: body.orderNumber,
        status: "awaiting_payment",
      });

      const proof = await driver.pay(body.checkout.providerOrderId);
      const paid = await browser.reportPayment(body.orderNumber, proof);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: "placed", paymentStatus: "paid" });
    });

    it("pays it on delivery instead, its stock staying with the order", async () => {
      const { browser, body, product } = await retriedOnline();
      const switched = await browser.payOnDelivery(body.orderNumber);
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toMatchObject({
        status: "placed",
        paymentMethod: "cash",
        paymentDueAt: null,
      });
      expect((await productRow(ctx, product)).stock).toBe(4);
    });
  },
);

describe.each(testDatabaseKinds)("an Idempotency-Key belongs to its placer, on %s", (kind) => {
  const ctx = useTestApp(kind);
  const freshProduct = products(ctx);
  const browser = (cookies = "") => shopperBrowser(() => ctx.app, cookies);
  const atCheckout = async (cookies = "") => {
    const opened = browser(cookies);
    expect((await opened.openCheckout()).statusCode).toBe(204);
    return opened;
  };
  const refusedAsAnothers = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(422);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: IDEMPOTENCY_MESSAGES.otherPlacer,
    });
    // Nothing of the first answer: no order number, name or address.
    expect(Object.keys(body).sort()).toEqual(["code", "message", "requestId"]);
  };
  const forgedBrowserCookie = () => `fhh_browser=${randomBytes(32).toString("base64url")}`;

  it("gives the same key and body from another browser a 422 and nothing of the order", async () => {
    const owner = await atCheckout();
    const order = orderOf(await freshProduct());
    const { key, orderNumber } = await placedWithAnswerLost(owner, order);

    const others = [await atCheckout(), browser(), browser(forgedBrowserCookie())];
    for (const other of others) {
      refusedAsAnothers(await other.place(order, key));
      expect((await other.read(orderNumber)).statusCode).toBe(404);
      expect((await other.payOnDelivery(orderNumber)).statusCode).toBe(404);
    }
    // The owner's retry racing a stranger's: the stranger is refused whoever comes first.
    const racer = await atCheckout();
    const [mine, theirs] = await Promise.all([owner.place(order, key), racer.place(order, key)]);
    expect(mine.json().orderNumber).toBe(orderNumber);
    refusedAsAnothers(theirs);
    expect((await owner.read(orderNumber)).statusCode).toBe(200);
    expect(await ordersFor(ctx, order.contact.email)).toHaveLength(1);
  });

  it("refuses another signed-in customer the same key and body", async () => {
    const first = await signUpCustomer(ctx.app);
    const second = await signUpCustomer(ctx.app, "Mina Rout");
    const owner = await atCheckout(first.cookie);
    const order = orderOf(await freshProduct());
    const { key, orderNumber } = await placedWithAnswerLost(owner, order);

    const stranger = await atCheckout(second.cookie);
    refusedAsAnothers(await stranger.place(order, key));
    expect((await stranger.read(orderNumber)).statusCode).toBe(404);
    expect((await stranger.myOrders()).json().orders).toEqual([]);
    // The same customer, even from a browser of their own, gets the order.
    const elsewhere = await atCheckout(first.cookie);
    expect((await elsewhere.place(order, key)).json().orderNumber).toBe(orderNumber);
    expect((await elsewhere.read(orderNumber)).statusCode).toBe(200);
  });

  it("takes a guest who signed in between the attempt and the retry to the order", async () => {
    const guest = await atCheckout();
    const order = orderOf(await freshProduct());
    const { key, orderNumber } = await placedWithAnswerLost(guest, order);
    guest.keep((await signUpCustomer(ctx.app)).cookie);
    const retried = await guest.place(order, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().orderNumber).toBe(orderNumber);
    expect((await guest.read(orderNumber)).statusCode).toBe(200);
  });

  it("gives a client that came with no key its order again when it retries from its network", async () => {
    // A client that never opened the checkout: its first answer set the key, and was lost.
    const keyless = browser();
    const order = orderOf(await freshProduct());
    const { key, orderNumber } = await placedWithAnswerLost(keyless, order);
    const retried = await keyless.place(order, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().orderNumber).toBe(orderNumber);
    expect((await keyless.read(orderNumber)).statusCode).toBe(200);
    expect((await keyless.payOnDelivery(orderNumber)).statusCode).not.toBe(404);
    expect(await ordersFor(ctx, order.contact.email)).toHaveLength(1);
  });

  it("refuses a keyless retry from another network, or from a browser with a key of its own", async () => {
    const keyless = browser();
    const order = orderOf(await freshProduct());
    const { key, orderNumber } = await placedWithAnswerLost(keyless, order);
    for (const other of [browser(), await atCheckout()]) {
      refusedAsAnothers(await other.place(order, key));
      expect((await other.read(orderNumber)).statusCode).toBe(404);
    }
  });

  it("refuses a retry that comes without the browser key its first attempt held", async () => {
    const owner = await atCheckout();
    const order = orderOf(await freshProduct());
    const { key, orderNumber } = await placedWithAnswerLost(owner, order);
    // The same network, its cookies gone: not the browser that holds the order's key.
    const cookieless = shopperBrowser(() => ctx.app, "", owner.address);
    refusedAsAnothers(await cookieless.place(order, key));
    expect((await cookieless.read(orderNumber)).statusCode).toBe(404);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { freshEmail, freshMobile } from "../../testing/customers.ts";
import { testProduct } from "../../testing/inventory.ts";
import {
  type CheckoutProof,
  deliverWebhook,
  type ProviderDriver,
  razorpayDriver,
  testProviderDriver,
} from "../../testing/payments.ts";
import { shopperBrowser } from "../../testing/shopper-browser.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const drivers: [string, () => ProviderDriver][] = [
  ["the test provider", testProviderDriver],
  ["Razorpay's stand-in", razorpayDriver],
];
const cases = testDatabaseKinds.flatMap((kind) =>
  drivers.map(([name, driver]) => [kind, name, driver] as const),
);
const AT_ONCE = 4;
let keys = 0;

describe.each(cases)(
  "a capture webhook delivered four times at once, on %s with %s",
  (kind, _name, makeDriver) => {
    const driver = makeDriver();
    const ctx = useTestApp(kind, {}, { gateway: () => driver.gateway() });
    afterAll(() => driver.close());
    let products = 0;

    async function placedOnline() {
      const productId = `captures-${process.pid}-${++products}`;
      await testProduct(ctx, productId, 5);
      const browser = shopperBrowser(() => ctx.app);
      const placed = await browser.place(
        {
          contact: {
            firstName: "Asha",
            lastName: "Das",
            email: freshEmail(),
            phone: freshMobile(),
          },
          delivery: {
            address: "12 Janpath",
            city: "Bhubaneswar",
            state: "Odisha",
            pincode: "751007",
          },
          notes: "",
          payment: { method: "card" },
          items: [{ productId, quantity: 1 }],
        },
        `captures-${Date.now()}-${++keys}`,
      );
      expect(placed.statusCode, placed.body).toBe(201);
      return { browser, body: placed.json() };
    }
    const paid = async (providerOrderId: string) =>
      (await driver.pay(providerOrderId)) as CheckoutProof;
    const capturedAtOnce = async (paymentId: string) => {
      const hooks = Array.from({ length: AT_ONCE }, () =>
        driver.webhook("payment.captured", paymentId),
      );
      const answers = await Promise.all(hooks.map((hook) => deliverWebhook(ctx.app, hook)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(hooks.map(() => 200));
    };
    /** The store's rows for a provider payment, by what they record. */
    const rowsOfPayment = async (paymentId: string) =>
      rowsOf<{ status: string; rows: number }>(
        await ctx.database.db.execute(sql`
        select status, count(*)::int as rows from payments where transaction_id = ${paymentId}
        group by status order by status`),
      );

    it("takes the payment once: one paid row", async () => {
      const { browser, body } = await placedOnline();
      const proof = await paid(body.checkout.providerOrderId);
      await capturedAtOnce(proof.paymentId);
      expect(await rowsOfPayment(proof.paymentId)).toEqual([{ status: "paid", rows: 1 }]);
      expect((await browser.read(body.orderNumber)).json().paymentStatus).toBe("paid");
    });

    it("refunds a second payment of a paid order once: one refunded row", async () => {
      const { browser, body } = await placedOnline();
      const providerOrderId = body.checkout.providerOrderId;
      // A second tab pays the same order too (Razorpay takes no second payment of a paid order:
      // that tab's was authorised first, and is captured after).
      const authorised = driver.authorizeOnly?.(providerOrderId);
      const first = await paid(providerOrderId);
      expect((await browser.reportPayment(body.orderNumber, first)).statusCode).toBe(200);
      if (authorised) driver.capture?.(authorised.paymentId);
      const second = authorised ?? (await paid(providerOrderId));
      await capturedAtOnce(second.paymentId);
      expect(await rowsOfPayment(second.paymentId)).toEqual([{ status: "refunded", rows: 1 }]);
      expect(await rowsOfPayment(first.paymentId)).toEqual([{ status: "paid", rows: 1 }]);
      expect(driver.refundIdsOf(second.paymentId)).toHaveLength(1);
    });

    it("refunds a payment that came after the hold ended once: one refunded row", async () => {
      const { browser, body } = await placedOnline();
      await ctx.app.unpaidOrders.runOnce(new Date(Date.parse(body.paymentDueAt) + 1_000));
      expect((await browser.read(body.orderNumber)).json().status).toBe("cancelled");
      const late = await paid(body.checkout.providerOrderId);
      await capturedAtOnce(late.paymentId);
      expect(await rowsOfPayment(late.paymentId)).toEqual([{ status: "refunded", rows: 1 }]);
      expect(driver.refundIdsOf(late.paymentId)).toHaveLength(1);
    });
  },
);

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PROVIDER_API } from "../../../shared/contracts/test-provider.ts";
import { buildApp, type StoreApp } from "../../app.ts";
import { type DatabaseHandle, rowsOf } from "../../db/client.ts";
import { freshAddress, freshEmail, freshMobile, TEST_ORIGIN } from "../../testing/customers.ts";
import { approvingCard, testGatewayOf } from "../../testing/payments.ts";
import { shopperBrowser } from "../../testing/shopper-browser.ts";
import { createTestDatabase, testConfig, testDatabaseKinds } from "../../testing/test-app.ts";

describe.each(testDatabaseKinds)(
  "a demo store's payment report sent again after a restart, on %s",
  (kind) => {
    let database: DatabaseHandle;
    let drop: () => Promise<unknown> = async () => {};
    let app: StoreApp;
    /** The store as demo mode runs it: its own test provider, which lives in its memory. */
    async function start() {
      app = await buildApp({ config: testConfig({ DEMO_MODE: "true" }), database, logger: false });
      await app.ready();
      // Its webhooks would tell the same payments again; this suite is about the browser's reports.
      testGatewayOf(app).holdWebhooks = true;
    }
    beforeAll(async () => {
      const created = await createTestDatabase(kind);
      database = created.handle;
      drop = created.drop;
      await start();
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await drop();
    });

    /** Pays in the test provider's checkout page, as the shopper's browser does. */
    /** Its answer as the page gets it, posted to the store as is. */
    async function payInCheckoutPage(
      providerOrderId: string,
    ): Promise<{ paymentId: string } & Record<string, string>> {
      const answer = await app.inject({
        method: "POST",
        url: `${TEST_PROVIDER_API}/orders/${providerOrderId}/payments`,
        payload: approvingCard(),
        headers: { origin: TEST_ORIGIN },
        remoteAddress: freshAddress(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    }
    const paymentRows = async (orderNumber: string) =>
      rowsOf<{ status: string; transaction_id: string | null }>(
        await database.db.execute(sql`
        select p.status, p.transaction_id from payments p join orders o on o.id = p.order_id
        where o.order_number = ${orderNumber} order by p.id`),
      );

    it("accepts the report of the payment that paid the order, and refuses another payment", async () => {
      const browser = shopperBrowser(() => app);
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
          items: [{ productId: "mangoes", quantity: 1_000 }],
        },
        `resent-report-${Date.now()}`,
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const { orderNumber, checkout } = placed.json();
      const proof = await payInCheckoutPage(checkout.providerOrderId);
      // A second tab paid too, and never reported it before the restart.
      const other = await payInCheckoutPage(checkout.providerOrderId);
      const reported = await browser.reportPayment(orderNumber, proof);
      expect(reported.statusCode, reported.body).toBe(200);
      expect(reported.json().paymentStatus).toBe("paid");

      await app.close();
      await start();

      // After a reload, the page sends the provider's answer it kept once more.
      const resent = await browser.reportPayment(orderNumber, proof);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ orderNumber, status: "placed", paymentStatus: "paid" });
      expect(resent.json()).toEqual((await browser.read(orderNumber)).json());

      const another = await browser.reportPayment(orderNumber, other);
      expect(another.statusCode).toBe(400);
      expect(await paymentRows(orderNumber)).toEqual([
        { status: "paid", transaction_id: proof.paymentId },
      ]);
    });
  },
);

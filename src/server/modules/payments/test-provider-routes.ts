import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  TEST_PROVIDER_API,
  testPaymentAnswerSchema,
  testPaymentSchema,
  testProviderOrderSchema,
} from "../../../shared/contracts/test-provider.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { TestGateway } from "./test-gateway.ts";

const params = z.object({ providerOrderId: z.string().regex(/^order_test_[a-z0-9]{1,40}$/) });
const UNKNOWN =
  "The test provider has no such order. Please start the payment again from the store.";

/**
 * The test provider's own API, which its checkout page (a page of the store's web app, at
 * TEST_CHECKOUT_PATH) talks to, as Razorpay's checkout talks to Razorpay. Only in a store that
 * runs the test provider: demo mode and the tests.
 */
export function testProviderRoutes(app: App, gateway: TestGateway) {
  app.get(
    `${TEST_PROVIDER_API}/orders/:providerOrderId`,
    {
      config: { public: true },
      schema: {
        tags: ["test provider"],
        summary: "A provider order as the test checkout page shows it",
        params,
        response: { 200: testProviderOrderSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const order = gateway.orderOf(request.params.providerOrderId);
      if (!order) throw new AppError("NOT_FOUND", UNKNOWN);
      return {
        providerOrderId: request.params.providerOrderId,
        amountPaise: order.amountPaise,
        receipt: order.receipt,
        paid: order.paidBy !== null,
      };
    },
  );

  app.post(
    `${TEST_PROVIDER_API}/orders/:providerOrderId/payments`,
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["test provider"],
        summary: "Pay a provider order with a test instrument",
        params,
        body: testPaymentSchema,
        response: { 200: testPaymentAnswerSchema, 402: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { providerOrderId } = request.params;
      const result = await gateway.pay(providerOrderId, request.body);
      if (result.outcome === "unknown_order") throw new AppError("NOT_FOUND", UNKNOWN);
      if (result.outcome === "failed") {
        throw new AppError(
          "PAYMENT_DECLINED",
          `${result.reason} No money was taken. Please try again or choose another payment method.`,
        );
      }
      return { paymentId: result.paymentId, providerOrderId, signature: result.signature };
    },
  );
}

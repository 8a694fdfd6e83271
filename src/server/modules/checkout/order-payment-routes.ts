import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { orderNumberParamsSchema, orderViewSchema } from "../../../shared/contracts/orders.ts";
import {
  checkoutSessionSchema,
  PAYMENT_MESSAGES,
  paymentReportBodySchema,
} from "../../../shared/contracts/payments.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { Reader } from "../orders/index.ts";
import { findOwnOrder, findOwnWholeOrder, loadOrderView, viewOfWhole } from "../orders/index.ts";
import { capturedFromCheckout, paidBy, paymentReportOf } from "../payments/index.ts";
import { cashNetworkOf } from "./cash-network.ts";
import {
  awaitedIn,
  checkoutOf,
  type OrderPaymentDeps,
  switchToCash,
  takeOrderPayment,
} from "./order-payment.ts";

const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** Paying an order that awaits its online payment: open the checkout, report it, or pay cash. */
export function orderPaymentRoutes(
  app: App,
  deps: OrderPaymentDeps & {
    reader: (request: FastifyRequest) => Promise<Reader>;
    /** How many open cash orders one network may have (CASH_ORDERS_PER_NETWORK). */
    cashOrdersPerNetwork: number;
  },
) {
  const { db } = deps;
  const numberOf = (request: FastifyRequest) =>
    (request.params as { orderNumber: string }).orderNumber;
  const own = async (request: FastifyRequest) =>
    findOwnOrder(db, numberOf(request), await deps.reader(request));
  const ownWhole = async (request: FastifyRequest) =>
    findOwnWholeOrder(db, numberOf(request), await deps.reader(request));

  app.get(
    "/api/orders/:orderNumber/checkout",
    {
      config: { private: true, customer: "anyone" },
      schema: {
        tags: ["orders"],
        summary: "The provider checkout to pay an order awaiting its payment (Pay now)",
        params: orderNumberParamsSchema,
        response: { 200: z.object({ checkout: checkoutSessionSchema }), ...errors },
      },
    },
    async (request) => {
      const order = await ownWhole(request);
      return { checkout: checkoutOf(deps, order, awaitedIn(order)?.providerOrderId ?? null) };
    },
  );

  app.post(
    "/api/orders/:orderNumber/payment",
    {
      config: { customer: "anyone", rateLimit: { max: 30, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["orders"],
        summary: "Report the provider checkout's answer: the order is paid if its signature holds",
        params: orderNumberParamsSchema,
        body: paymentReportBodySchema,
        description:
          "200: the order as it is now. 202: the payment is signed but the provider has not said yet that it took the money; the order stays awaiting payment until its webhook does (read the order again).",
        response: { 200: orderViewSchema, 202: orderViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Read before anything is looked up: a report no one can read is refused as the schema would.
      const report = paymentReportOf(deps.gateway, request.body);
      const order = await ownWhole(request);
      const awaited = awaitedIn(order);
      // The payment that paid this order, reported again (its webhook came first, the page was
      // reloaded): it changes nothing, so the order just read is the answer, whatever the
      // signature. The demo's test provider keeps its secret in memory and, restarted, could no
      // longer check one it made before; a report of any other payment is checked as always.
      if (awaited && paidBy(awaited, { paymentId: report.paymentId })) {
        deps.onPayment?.("already_paid");
        return viewOfWhole(order);
      }
      const captured = await capturedFromCheckout(
        deps.gateway,
        request.log,
        awaited?.providerOrderId ?? null,
        report,
      );
      if (!captured || !awaited) return reply.code(202).send(viewOfWhole(order));
      const { outcome, view } = await takeOrderPayment(deps, awaited, captured, order);
      deps.onPayment?.(outcome);
      if (outcome === "refunded") throw new AppError("CONFLICT", PAYMENT_MESSAGES.holdEnded);
      if (view) {
        return view;
      }
      return loadOrderView(db, await own(request));
    },
  );

  app.post(
    "/api/orders/:orderNumber/pay-on-delivery",
    {
      config: { customer: "anyone", rateLimit: { max: 10, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["orders"],
        summary: "Pay an order awaiting its online payment in cash on delivery instead",
        params: orderNumberParamsSchema,
        response: { 200: orderViewSchema, ...errors },
      },
    },
    async (request) => {
      await switchToCash(
        deps,
        await own(request),
        deps.gateway !== undefined,
        cashNetworkOf(request.ip, deps.cashOrdersPerNetwork),
      );
      return loadOrderView(db, await own(request));
    },
  );
}

import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  type BulkOrderRequest,
  bulkAccessQuerySchema,
  bulkChangeSchema,
  bulkOrderRequestSchema,
  bulkOrderViewSchema,
  bulkPaymentSchema,
  bulkTicketParamsSchema,
} from "../../../shared/contracts/bulk-orders.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  checkoutSessionSchema,
  paymentReportBodySchema,
} from "../../../shared/contracts/payments.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { ensureBrowserKeyHash, readBrowserKeyHash } from "../../http/browser-key.ts";
import { idempotencyHeaders } from "../../http/idempotency-header.ts";
import { requestLocale } from "../../http/request-locale.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import type { RecipientLimit } from "../mail/index.ts";
import type { PaymentGateway, PaymentHold, PaymentIntake } from "../payments/index.ts";
import { capturedFromCheckout, paymentReportOf, payRefunds } from "../payments/index.ts";
import { payments } from "../payments/schema.ts";
import { findOwnBulkOrder } from "./bulk-order-access.ts";
import { confirmationLink } from "./bulk-order-link.ts";
import { loadBulkOrderView } from "./bulk-order-view.ts";
import { changeBulkLines } from "./change-lines.ts";
import { payAdvance } from "./pay-advance.ts";
import { submitBulkOrder } from "./submit-bulk-order.ts";

/** An event planner sends one request, maybe a corrected second: not dozens. */
const REQUESTS_PER_IP_PER_HOUR = 10;

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

export function bulkOrderRoutes(
  app: App,
  deps: {
    db: Database;
    gateway: PaymentGateway | undefined;
    /** Limits the acknowledgements one address receives. */
    recipientLimit: RecipientLimit;
    config: Config;
    /** Signs the emailed links to a request's page. */
    linkSecret: string;
    currentCustomer: (request: FastifyRequest) => Promise<string | null>;
    intake: PaymentIntake;
    hold: PaymentHold;
  },
) {
  const { db, config, linkSecret } = deps;
  const secureCookies = servesHttps(config.publicUrl);
  const linkFor = (ticketId: string) => confirmationLink(config.publicUrl, linkSecret, ticketId);
  const ownRequest = async (request: FastifyRequest, ticketId: string, token: string | undefined) =>
    findOwnBulkOrder(db, linkSecret, ticketId, {
      browserKeyHash: readBrowserKeyHash(request, secureCookies),
      customerId: await deps.currentCustomer(request),
      token,
    });

  app.post(
    "/api/bulk-orders",
    {
      config: {
        private: true,
        customer: "anyone",
        rateLimit: { max: REQUESTS_PER_IP_PER_HOUR, timeWindow: 60 * 60 * 1000 },
      },
      preHandler: deps.recipientLimit.preHandler<BulkOrderRequest>((body) => body.email),
      schema: {
        tags: ["bulk orders"],
        summary: "Request a bulk order for an event; answered with its BOR- ticket",
        body: bulkOrderRequestSchema,
        response: { 201: bulkOrderViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Made once: the email and the answer carry the same link, even across a second's turn.
      let link: string | undefined;
      const linkOnce = (ticketId: string) => (link ??= linkFor(ticketId));
      const view = await submitBulkOrder({ db, linkFor: linkOnce }, request.body, {
        browserKeyHash: ensureBrowserKeyHash(request, reply, secureCookies),
        customerId: await deps.currentCustomer(request),
        locale: requestLocale(request),
      });
      return reply.code(201).send({ ...view, link: linkOnce(view.ticketId) });
    },
  );

  app.get(
    "/api/bulk-orders/:ticketId",
    {
      config: { private: true, customer: "anyone" },
      schema: {
        tags: ["bulk orders"],
        summary:
          "A bulk order request, for the browser or customer that made it or its emailed link",
        params: bulkTicketParamsSchema,
        querystring: bulkAccessQuerySchema,
        response: { 200: bulkOrderViewSchema, ...errors },
      },
    },
    async (request) => {
      const row = await ownRequest(request, request.params.ticketId, request.query.token);
      return loadBulkOrderView(db, row);
    },
  );

  app.post(
    "/api/bulk-orders/:ticketId/advance",
    {
      config: { private: true, customer: "anyone", rateLimit: { max: 20, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["bulk orders"],
        summary: "Pay the 50% advance of a quoted request (or confirm approved cash on delivery)",
        description:
          "Send a new random Idempotency-Key per attempt; the same key again returns the first answer.",
        params: bulkTicketParamsSchema,
        querystring: bulkAccessQuerySchema,
        headers: idempotencyHeaders,
        body: bulkPaymentSchema,
        response: {
          200: bulkOrderViewSchema.extend({ checkout: checkoutSessionSchema.optional() }),
          409: errorBodySchema,
          422: errorBodySchema,
          503: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const row = await ownRequest(request, request.params.ticketId, request.query.token);
      const result = await payAdvance(
        { db, gateway: deps.gateway, linkFor, log: request.log, hold: deps.hold },
        row,
        request.body,
        request.headers["idempotency-key"],
      );
      return reply.code(result.status).send(result.body as never);
    },
  );

  app.post(
    "/api/bulk-orders/:ticketId/lines",
    {
      config: { private: true, customer: "anyone", rateLimit: { max: 20, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["bulk orders"],
        summary:
          "Change an event order's products and quantities after the advance, until 24 hours before delivery",
        description:
          "A larger order asks for the difference its advance lacks; a smaller one refunds what was paid beyond the new advance (less the terms' fee once processing has begun).",
        params: bulkTicketParamsSchema,
        querystring: bulkAccessQuerySchema,
        body: bulkChangeSchema,
        response: {
          200: bulkOrderViewSchema,
          409: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { ticketId } = request.params;
      await ownRequest(request, ticketId, request.query.token);
      const { bulkOrderId, owesRefund } = await changeBulkLines({ db, linkFor }, ticketId, {
        by: "planner",
        ...request.body,
      });
      if (owesRefund) await payRefunds(db, deps.gateway, request.log, { bulkOrderId });
      return loadBulkOrderView(db, await ownRequest(request, ticketId, request.query.token));
    },
  );

  app.post(
    "/api/bulk-orders/:ticketId/advance/payment",
    {
      config: { private: true, customer: "anyone", rateLimit: { max: 20, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["bulk orders"],
        summary:
          "Report the provider checkout's answer for the advance: paid if its signature holds",
        params: bulkTicketParamsSchema,
        querystring: bulkAccessQuerySchema,
        body: paymentReportBodySchema,
        response: {
          200: bulkOrderViewSchema,
          202: bulkOrderViewSchema,
          409: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // Read before anything is looked up: a report no one can read is refused as the schema would.
      const report = paymentReportOf(deps.gateway, request.body);
      const row = await ownRequest(request, request.params.ticketId, request.query.token);
      // The checkout names the provider order; only one this request asked for is checked.
      const [awaited] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.bulkOrderId, row.id),
            eq(payments.providerOrderId, report.providerOrderId ?? ""),
          ),
        );
      const captured = await capturedFromCheckout(
        deps.gateway,
        request.log,
        awaited?.providerOrderId ?? null,
        report,
      );
      if (!captured) return reply.code(202).send(await loadBulkOrderView(db, row));
      const outcome = await deps.intake.take(captured, awaited);
      if (outcome === "refunded") {
        throw new AppError(
          "CONFLICT",
          "Your request changed while you were paying (a new quote, or it was updated by our team). Any amount taken has been refunded. Please reload the page.",
        );
      }
      const current = await ownRequest(request, request.params.ticketId, request.query.token);
      return loadBulkOrderView(db, current);
    },
  );
}

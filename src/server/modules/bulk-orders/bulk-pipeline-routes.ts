import type { FastifyBaseLogger } from "fastify";
import { bulkTicketParamsSchema } from "../../../shared/contracts/bulk-orders.ts";
import {
  BULK_PIPELINE_API as BASE,
  bulkVersionSchema,
  cancelBulkSchema,
  deliverBulkSchema,
  pipelinePageSchema,
  pipelineQuerySchema,
  staffBulkChangeSchema,
  staffBulkOrderSchema,
  staffQuoteSchema,
  toBoardSchema,
} from "../../../shared/contracts/bulk-pipeline.ts";
import type { App } from "../../http/types.ts";
import type { PaymentGateway } from "../payments/index.ts";
import { payRefunds } from "../payments/index.ts";
import { staffRouteParts } from "../staff/index.ts";
import {
  type BulkMoveDeps,
  cancelBulk,
  confirmBulk,
  deliverBulk,
  quoteBulk,
} from "./bulk-moves.ts";
import { listPipeline, readStaffBulkOrder } from "./bulk-pipeline.ts";
import { changeBulkLines } from "./change-lines.ts";
import { sendEventOrderToBoard } from "./event-order-placing.ts";

const { staff, tags, errors } = staffRouteParts("customer-relations");

/** Customer Relations' event and bulk orders: the pipeline, a request, and its moves. */
export function bulkPipelineRoutes(
  app: App,
  deps: BulkMoveDeps & {
    gateway: PaymentGateway | undefined;
    log: FastifyBaseLogger;
  },
) {
  const { db } = deps;
  const order = `${BASE}/:ticketId`;
  const answer = async (ticketId: string) => {
    return readStaffBulkOrder(db, ticketId);
  };

  app.get(
    BASE,
    {
      config: staff,
      schema: {
        tags,
        summary: "The pipeline by status, nearest event first, with days left and the 48-hour flag",
        querystring: pipelineQuerySchema,
        response: { 200: pipelinePageSchema, ...errors },
      },
    },
    async (request) => listPipeline(db, request.query),
  );

  app.get(
    order,
    {
      config: staff,
      schema: {
        tags,
        summary: "One request in full: the quote, payments, refunds",
        params: bulkTicketParamsSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => readStaffBulkOrder(db, request.params.ticketId),
  );

  app.post(
    `${order}/quote`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Quote the request (a new quote before payment replaces the last); emailed",
        params: bulkTicketParamsSchema,
        body: staffQuoteSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => {
      await quoteBulk(deps, request, request.params.ticketId, request.body);
      return answer(request.params.ticketId);
    },
  );

  app.post(
    `${order}/confirm`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Confirm the order after its advance; emailed",
        params: bulkTicketParamsSchema,
        body: bulkVersionSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => {
      await confirmBulk(deps, request, request.params.ticketId, request.body.version);
      return answer(request.params.ticketId);
    },
  );

  app.post(
    `${order}/deliver`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Mark delivered, with the balance paid in cash or online; emailed",
        params: bulkTicketParamsSchema,
        body: deliverBulkSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => {
      await deliverBulk(deps, request, request.params.ticketId, request.body);
      return answer(request.params.ticketId);
    },
  );

  app.post(
    `${order}/lines`,
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Change an event order's lines after the advance, until 24 hours before delivery; emailed",
        params: bulkTicketParamsSchema,
        body: staffBulkChangeSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { ticketId } = request.params;
      const { bulkOrderId, owesRefund } = await changeBulkLines(deps, ticketId, {
        by: "desk",
        request,
        ...request.body,
      });
      if (owesRefund) await payRefunds(db, deps.gateway, deps.log, { bulkOrderId });
      return answer(ticketId);
    },
  );

  app.post(
    `${order}/to-board`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Send a confirmed event order to the Sales board now, as a shop order",
        params: bulkTicketParamsSchema,
        body: toBoardSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => {
      await sendEventOrderToBoard(db, request.params.ticketId, { request, ...request.body });
      return answer(request.params.ticketId);
    },
  );

  app.post(
    `${order}/cancel`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Cancel under the terms: the advance back, less the fee once processing began",
        params: bulkTicketParamsSchema,
        body: cancelBulkSchema,
        response: { 200: staffBulkOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { bulkOrderId, owesRefund } = await cancelBulk(
        deps,
        request,
        request.params.ticketId,
        request.body,
      );
      if (owesRefund) await payRefunds(db, deps.gateway, deps.log, { bulkOrderId });
      return answer(request.params.ticketId);
    },
  );
}

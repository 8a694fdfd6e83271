import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  declineRefundRequestSchema,
  refundRequestListSchema,
  refundRequestParamSchema,
} from "../../../shared/contracts/refund-requests.ts";
import {
  SALES_API as BASE,
  boardPageSchema,
  boardQuerySchema,
  cancelOrderSchema,
  moveOrderSchema,
  orderNumberParamSchema,
  pickListQuerySchema,
  pickListSchema,
  refundDeliveredSchema,
  salesOrderSchema,
  sellerSchema,
} from "../../../shared/contracts/sales.ts";
import {
  BULK_CONFIRM_MAX,
  bulkConfirmResultSchema,
  bulkConfirmSchema,
} from "../../../shared/contracts/sales-bulk.ts";
import { FULFILMENT_MESSAGES } from "../../../shared/rules/order-fulfilment.ts";
import { AppError } from "../../http/app-error.ts";
import { idempotencyHeaders, idempotencyKeySchema } from "../../http/idempotency-header.ts";
import type { App } from "../../http/types.ts";
import type { Seller } from "../invoices/index.ts";
import { creditNoteFileName } from "../invoices/index.ts";
import type { PaymentGateway } from "../payments/index.ts";
import { payRefunds } from "../payments/index.ts";
import { readCreditNote } from "./credit-notes.ts";
import { confirmOrders, moveOncePerKey } from "./keyed-moves.ts";
import {
  creditNoteHtml,
  creditNotePdf,
  invoiceHtml,
  invoicePdf,
  noteParamsSchema,
  sendDocument,
  sendPdf,
} from "./order-documents.ts";
import { cancelOrder, type MoveDone, moveOrder } from "./order-moves.ts";
import { type RefundDeps, refundDelivered } from "./refund-delivered.ts";
import { declineRefundRequest, openRefundRequests } from "./refund-requests.ts";
import { listBoard } from "./sales-board.ts";
import { findOrderByNumber, readPickList, readSalesOrder } from "./sales-order.ts";

export type SalesRouteDeps = RefundDeps & {
  gateway: PaymentGateway | undefined;
  seller: Seller;
  log: FastifyBaseLogger;
};

const staff = { staff: "sales" } as const;
const tags = ["staff: sales"];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const optionalKeyHeaders = z.looseObject({ "idempotency-key": idempotencyKeySchema.optional() });

/** The sales manager's orders: the board, an order's detail and its moves, the pick list. */
export function salesOrderRoutes(app: App, deps: SalesRouteDeps) {
  const { db } = deps;
  const readOrder = (orderNumber: string) =>
    readSalesOrder(db, orderNumber, {
      refundWindowHours: deps.refundWindowHours,
      weightTolerancePercent: deps.weightTolerancePercent,
    });

  /** After a move commits: pay what it owes back, send its email, answer with the order. */
  async function afterMove({ orderId, owesRefund, eventRefundOf }: MoveDone, orderNumber: string) {
    if (owesRefund) await payRefunds(db, deps.gateway, deps.log, { orderId });
    if (eventRefundOf) {
      await payRefunds(db, deps.gateway, deps.log, { bulkOrderId: eventRefundOf });
    }
    return readOrder(orderNumber);
  }

  app.get(
    `${BASE}/orders`,
    {
      config: staff,
      schema: {
        tags,
        summary: "The order board, newest first: filters, search and keyset pages",
        querystring: boardQuerySchema,
        response: { 200: boardPageSchema, ...errors },
      },
    },
    async (request) => listBoard(db, request.query),
  );

  app.get(
    `${BASE}/orders/:orderNumber`,
    {
      config: staff,
      schema: {
        tags,
        summary: "One order: lines, customer, payment, invoice, credit notes, refunds, timeline",
        params: orderNumberParamSchema,
        response: { 200: salesOrderSchema, ...errors },
      },
    },
    async (request) => readOrder(request.params.orderNumber),
  );

  app.post(
    `${BASE}/orders/:orderNumber/moves`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Move an order one step on; 409 when it has already moved",
        description:
          "With an Idempotency-Key (a new random key per move), the same key again gets the first answer: the move is made once.",
        params: orderNumberParamSchema,
        headers: optionalKeyHeaders,
        body: moveOrderSchema,
        response: { 200: salesOrderSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { orderNumber } = request.params;
      const key = request.headers["idempotency-key"];
      if (!key) {
        return afterMove(await moveOrder(deps, request, orderNumber, request.body), orderNumber);
      }
      const { response, done } = await moveOncePerKey(
        deps,
        request,
        orderNumber,
        request.body,
        key,
      );
      if (response.status !== 200) return reply.code(response.status).send(response.body as never);
      return done ? afterMove(done, orderNumber) : readOrder(orderNumber);
    },
  );

  app.post(
    `${BASE}/orders/confirmations`,
    {
      config: staff,
      schema: {
        tags,
        summary: `Confirm several placed orders at once (at most ${BULK_CONFIRM_MAX}); each is confirmed or refused with why`,
        description:
          "Send a new random Idempotency-Key per press; the same key again gets the first answer.",
        headers: idempotencyHeaders,
        body: bulkConfirmSchema,
        response: { 200: bulkConfirmResultSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { status, body } = await confirmOrders(
        deps,
        request,
        request.body.orders,
        request.headers["idempotency-key"],
      );
      return reply.code(status).send(body as never);
    },
  );

  app.post(
    `${BASE}/orders/:orderNumber/cancel`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Cancel an order before delivery: stock back, online payment refunded in full",
        params: orderNumberParamSchema,
        body: cancelOrderSchema,
        response: { 200: salesOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { orderNumber } = request.params;
      return afterMove(await cancelOrder(deps, request, orderNumber, request.body), orderNumber);
    },
  );

  app.post(
    `${BASE}/orders/:orderNumber/refunds`,
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Refund a delivered order in whole or by line: credit note, goods back or written off, money back; the same key twice refunds once",
        params: orderNumberParamSchema,
        body: refundDeliveredSchema,
        response: { 200: salesOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { orderNumber } = request.params;
      return afterMove(
        await refundDelivered(deps, request, orderNumber, request.body),
        orderNumber,
      );
    },
  );

  app.get(
    `${BASE}/refund-requests`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Refunds Customer Relations asked for from tickets, still to be made",
        response: { 200: refundRequestListSchema, ...errors },
      },
    },
    async () => ({ requests: await openRefundRequests(db) }),
  );

  app.post(
    `${BASE}/refund-requests/:id/decline`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Decline a refund request, saying why: the ticket shows it",
        params: refundRequestParamSchema,
        body: declineRefundRequestSchema,
        response: { 200: refundRequestListSchema, ...errors },
      },
    },
    async (request) => {
      await declineRefundRequest(db, request, request.params.id, request.body.note);
      return { requests: await openRefundRequests(db) };
    },
  );

  app.get(
    `${BASE}/pick-list`,
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Placed and confirmed orders' lines grouped by product, for picking before packing",
        querystring: pickListQuerySchema,
        response: { 200: pickListSchema, ...errors },
      },
    },
    async (request) => readPickList(db, request.query.status),
  );

  app.get(
    `${BASE}/seller`,
    {
      config: staff,
      schema: {
        tags,
        summary: "The shop's name, address and GSTIN, as its invoices and packing slips print them",
        response: { 200: sellerSchema, ...errors },
      },
    },
    async () => ({
      name: deps.seller.name,
      address: deps.seller.address,
      gstin: deps.seller.gstin,
    }),
  );

  app.get(
    `${BASE}/orders/:orderNumber/invoice`,
    {
      config: { ...staff, private: true },
      schema: {
        tags,
        summary: "The order's GST invoice (a proforma until it leaves the store) as HTML",
        params: orderNumberParamSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(db, request.params.orderNumber);
      const { fileName, html } = await invoiceHtml(db, order, deps.seller);
      return sendDocument(reply, fileName, html);
    },
  );

  app.get(
    `${BASE}/orders/:orderNumber/credit-notes/:noteId`,
    {
      config: { ...staff, private: true },
      schema: {
        tags,
        summary: "A credit note of the order as HTML (number with dashes: FCN-26-27-000001)",
        params: noteParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(db, request.params.orderNumber);
      const note = await readCreditNote(db, order.id, request.params.noteId);
      if (!note) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.noCreditNote);
      return sendDocument(
        reply,
        creditNoteFileName(note.number),
        await creditNoteHtml(db, order, note, deps.seller),
      );
    },
  );

  app.get(
    `${BASE}/orders/:orderNumber/invoice/pdf`,
    {
      config: { ...staff, private: true },
      schema: {
        tags,
        summary: "The order's GST invoice (a proforma until it leaves the store) as a PDF",
        params: orderNumberParamSchema,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(db, request.params.orderNumber);
      const { fileName, pdf } = await invoicePdf(db, order, deps.seller);
      return sendPdf(reply, fileName, pdf);
    },
  );

  app.get(
    `${BASE}/orders/:orderNumber/credit-notes/:noteId/pdf`,
    {
      config: { ...staff, private: true },
      schema: {
        tags,
        summary: "A credit note of the order as a PDF (number with dashes: FCN-26-27-000001)",
        params: noteParamsSchema,
        response: { 200: z.any().describe("application/pdf"), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOrderByNumber(db, request.params.orderNumber);
      const note = await readCreditNote(db, order.id, request.params.noteId);
      if (!note) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.noCreditNote);
      const { fileName, pdf } = await creditNotePdf(db, order, note, deps.seller);
      return sendPdf(reply, fileName, pdf);
    },
  );
}

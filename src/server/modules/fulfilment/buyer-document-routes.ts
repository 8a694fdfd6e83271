import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { orderNumberParamsSchema } from "../../../shared/contracts/orders.ts";
import { FULFILMENT_MESSAGES } from "../../../shared/rules/order-fulfilment.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import { creditNoteFileName, type Seller } from "../invoices/index.ts";
import { findOwnOrder, type Reader } from "../orders/index.ts";
import { readCreditNote } from "./credit-notes.ts";
import {
  creditNoteHtml,
  creditNotePdf,
  invoiceHtml,
  invoicePdf,
  noteParamsSchema,
  sendDocument,
  sendPdf,
} from "./order-documents.ts";

const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
/** A PDF's bytes, sent as they are. */
const pdfBody = z.any().describe("application/pdf");

/** The buyer's GST documents of an order: its invoice and credit notes, for whoever may read it. */
export function buyerDocumentRoutes(
  app: App,
  deps: {
    db: Database;
    seller: Seller;
    /** Who the request may read orders as (`app.orders.reader`). */
    reader: (request: FastifyRequest) => Promise<Reader>;
  },
) {
  const { db, reader } = deps;
  app.get(
    "/api/orders/:orderNumber/invoice",
    {
      config: { customer: "anyone", private: true },
      schema: {
        tags: ["orders"],
        summary: "The order's GST invoice as an HTML file",
        params: orderNumberParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      const { fileName, html } = await invoiceHtml(db, order, deps.seller);
      return sendDocument(reply, fileName, html);
    },
  );

  app.get(
    "/api/orders/:orderNumber/credit-notes/:noteId",
    {
      config: { customer: "anyone", private: true },
      schema: {
        tags: ["orders"],
        summary: "A credit note of the order as an HTML file (number with dashes)",
        params: noteParamsSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      const note = await readCreditNote(db, order.id, request.params.noteId);
      if (!note) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.noCreditNote);
      const html = await creditNoteHtml(db, order, note, deps.seller);
      return sendDocument(reply, creditNoteFileName(note.number), html);
    },
  );

  app.get(
    "/api/orders/:orderNumber/invoice/pdf",
    {
      config: { customer: "anyone", private: true },
      schema: {
        tags: ["orders"],
        summary: "The order's GST invoice as a PDF file",
        params: orderNumberParamsSchema,
        response: { 200: pdfBody, ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      const { fileName, pdf } = await invoicePdf(db, order, deps.seller);
      return sendPdf(reply, fileName, pdf);
    },
  );

  app.get(
    "/api/orders/:orderNumber/credit-notes/:noteId/pdf",
    {
      config: { customer: "anyone", private: true },
      schema: {
        tags: ["orders"],
        summary: "A credit note of the order as a PDF file (number with dashes)",
        params: noteParamsSchema,
        response: { 200: pdfBody, ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await reader(request));
      const note = await readCreditNote(db, order.id, request.params.noteId);
      if (!note) throw new AppError("NOT_FOUND", FULFILMENT_MESSAGES.noCreditNote);
      const { fileName, pdf } = await creditNotePdf(db, order, note, deps.seller);
      return sendPdf(reply, fileName, pdf);
    },
  );
}

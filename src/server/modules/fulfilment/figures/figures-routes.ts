import { z } from "zod";
import { errorBodySchema } from "../../../../shared/contracts/errors.ts";
import {
  ORDER_LINES_CSV_PATH,
  ORDERS_CSV_PATH,
  ordersCsvQuerySchema,
  SALES_SUMMARY_PATH,
  salesSummaryQuerySchema,
  salesSummarySchema,
} from "../../../../shared/contracts/sales-figures.ts";
import type { FiguresSource } from "../../../db/read-replica.ts";
import type { App } from "../../../http/types.ts";
import { orderLinesCsvStream } from "./order-lines-csv.ts";
import { ordersCsvStream } from "./orders-csv.ts";
import { salesSummary } from "./sales-summary.ts";

export type SalesFiguresDeps = { figures: FiguresSource };

const staff = { staff: "sales" } as const;
const tags = ["staff: sales"];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** The exports: the orders, and one row per line of the same orders. */
const CSV_EXPORTS = [
  {
    path: ORDERS_CSV_PATH,
    file: "orders",
    summary: "The orders placed from one India day to another as CSV, streamed (at most a year)",
    stream: ordersCsvStream,
  },
  {
    path: ORDER_LINES_CSV_PATH,
    file: "order-lines",
    summary:
      "The lines of the orders placed from one India day to another as CSV: ordered, packed, refunded, credit notes",
    stream: orderLinesCsvStream,
  },
] as const;

/** The sales manager's figures and the orders exports. */
export function salesFiguresRoutes(app: App, { figures }: SalesFiguresDeps) {
  app.get(
    SALES_SUMMARY_PATH,
    {
      config: staff,
      schema: {
        tags,
        summary:
          "Figures by India day: revenue, orders, payment mix, cancellations, best sellers, on-time rate, time in each state; charts",
        querystring: salesSummaryQuerySchema,
        response: { 200: salesSummarySchema, ...errors },
      },
    },
    async (request) => salesSummary(await figures(), request.query.range),
  );

  for (const csv of CSV_EXPORTS) {
    app.get(
      csv.path,
      {
        config: staff,
        schema: {
          tags,
          summary: csv.summary,
          querystring: ordersCsvQuerySchema,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        const db = await figures();
        return (
          reply
            .header("content-type", "text/csv; charset=utf-8")
            .header(
              "content-disposition",
              `attachment; filename="${csv.file}-${from}-to-${to}.csv"`,
            )
            .header("cache-control", "no-store")
            // Fastify pipes a stream as it is, past the serializer; the 200 schema documents the text.
            .send(csv.stream(db, request.query) as unknown as string)
        );
      },
    );
  }
}

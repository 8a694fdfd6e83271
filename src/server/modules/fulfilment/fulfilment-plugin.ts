import type { FastifyRequest } from "fastify";
import type { App } from "../../http/types.ts";
import type { Reader } from "../orders/index.ts";
import { buyerDocumentRoutes } from "./buyer-document-routes.ts";
import { salesFiguresRoutes } from "./figures/figures-routes.ts";
import { type SalesRouteDeps, salesOrderRoutes } from "./staff-routes.ts";

type Options = SalesRouteDeps &
  Parameters<typeof salesFiguresRoutes>[1] & {
    /** Who a request may read an order as, for its buyer's documents (`app.orders.reader`). */
    reader: (request: FastifyRequest) => Promise<Reader>;
  };

/** Staff moves and figures of the sales dashboard, and the buyer's invoice and credit notes. */
export async function fulfilmentPlugin(app: App, options: Options) {
  salesOrderRoutes(app, options);
  salesFiguresRoutes(app, options);
  buyerDocumentRoutes(app, options);
}

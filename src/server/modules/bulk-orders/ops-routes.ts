import {
  bulkOrderViewSchema,
  bulkQuoteSchema,
  bulkTicketParamsSchema,
} from "../../../shared/contracts/bulk-orders.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { requireOpsToken } from "../ops/ops-channel.ts";
import { quoteBulkOrder } from "./quote-bulk-order.ts";

/** What `npm run bulk:quote` asks a running store on the embedded database to do. */
export function bulkOrderOpsRoutes(
  app: App,
  deps: {
    db: Database;
    opsToken: string;
    config: Pick<Config, "demoMode" | "host" | "trustProxy">;
    linkFor: (ticketId: string) => string;
    afterMail?: () => void;
  },
) {
  app.post(
    "/api/ops/bulk-orders/:ticketId/quote",
    {
      // Before the body is read, so nothing about the request tells an outsider the path exists.
      onRequest: requireOpsToken(deps.opsToken, deps.config),
      schema: {
        hide: true,
        params: bulkTicketParamsSchema,
        body: bulkQuoteSchema,
        response: {
          200: bulkOrderViewSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const view = await quoteBulkOrder(deps.db, deps.linkFor, {
        ticketId: request.params.ticketId,
        ...request.body,
      });
      deps.afterMail?.();
      return view;
    },
  );
}

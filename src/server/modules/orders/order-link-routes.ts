import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { orderTrackingPath } from "../../../shared/contracts/order-tracking.ts";
import { orderNumberParamsSchema } from "../../../shared/contracts/orders.ts";
import { keepOrderLinks, orderLinksCookie } from "../../http/browser-key.ts";
import type { App } from "../../http/types.ts";
import { isOrderLinkToken, ORDER_LINK_LIFETIME_MS, withLinkedOrder } from "./order-link.ts";

const linkQuerySchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "token is not valid"),
});

/**
 * The link in an order's confirmation email: its token is kept in an HTTP-only cookie and the
 * browser goes on to the order's page, which then reads the order (tracking, invoice, live
 * updates) as the browser that placed it would. A token that does not open this order is not
 * kept; the page then says the order is not found here, as for anyone else's.
 */
export function orderLinkRoutes(app: App, deps: { key: string; secureCookies: boolean }) {
  app.get(
    "/api/orders/:orderNumber/open",
    {
      config: { private: true, customer: "anyone", rateLimit: { max: 30, timeWindow: 60 * 1000 } },
      schema: {
        tags: ["orders"],
        summary: "Open an order from the link in its email, then go to the order's page",
        params: orderNumberParamsSchema,
        querystring: linkQuerySchema,
        response: {
          303: z.null().describe("to the order's page"),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { orderNumber } = request.params;
      const { token } = request.query;
      if (isOrderLinkToken(deps.key, orderNumber, token)) {
        const cookie = request.cookies[orderLinksCookie(deps.secureCookies)];
        const value = withLinkedOrder(deps.key, cookie, { orderNumber, token });
        keepOrderLinks(reply, deps.secureCookies, value, ORDER_LINK_LIFETIME_MS / 1000);
      }
      return reply.redirect(orderTrackingPath(orderNumber), 303);
    },
  );
}

import type { FastifyRequest } from "fastify";
import { orderLinksCookie, readBrowserKeyHash } from "../../http/browser-key.ts";
import type { Reader } from "./order-access.ts";
import { linkedOrdersOf } from "./order-link.ts";

/**
 * Who a request may read orders as: the browser that placed them, the signed-in customer, the
 * links from order emails it has opened. Every route that reads one order asks this.
 */
export function orderReader(deps: {
  secureCookies: boolean;
  /** Signs and checks the links in order emails (order-link.ts). */
  orderLinkKey: string;
  /** The signed-in customer's id, or null for a guest. */
  currentCustomer?: (request: FastifyRequest) => Promise<string | null>;
}) {
  return async (request: FastifyRequest): Promise<Reader> => ({
    browserKeyHash: readBrowserKeyHash(request, deps.secureCookies),
    customerId: deps.currentCustomer ? await deps.currentCustomer(request) : null,
    linkedOrders: linkedOrdersOf(
      deps.orderLinkKey,
      request.cookies[orderLinksCookie(deps.secureCookies)],
    ),
  });
}

// A shopper's browser as the checkout suites drive it: it keeps the cookies the store sets and
// sends them back, and an answer can be lost on the way (the store crashed after it committed,
// or the connection dropped), Set-Cookie and all.
import type { PlaceOrderInput } from "../../shared/contracts/checkout.ts";
import { ORDER_ACCESS_KEY_PATH } from "../../shared/contracts/order-access.ts";
import type { StoreApp } from "../app.ts";
import { type CookieJar, cookieHeaderOf, keepCookies } from "./cookie-jar.ts";
import { freshAddress, TEST_ORIGIN } from "./customers.ts";

type Method = "GET" | "POST";

export type ShopperBrowser = ReturnType<typeof shopperBrowser>;

/**
 * A browser of its own (an empty jar), or one holding `cookies` (`name=value; ...`), on a network
 * address of its own unless `address` names one.
 */
export function shopperBrowser(app: () => StoreApp, cookies = "", address = freshAddress()) {
  const jar: CookieJar = new Map();
  /** Takes cookies (`name=value; ...`) into the jar, as signing in would. */
  const keep = (pairs: string) =>
    keepCookies(jar, pairs ? pairs.split(";").map((pair) => pair.trim()) : []);
  keep(cookies);
  async function send(
    method: Method,
    url: string,
    options: { payload?: unknown; headers?: Record<string, string>; lost?: boolean } = {},
  ) {
    const cookie = cookieHeaderOf(jar);
    const response = await app().inject({
      method,
      url,
      payload: options.payload as never,
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }), ...options.headers },
      remoteAddress: address,
    });
    if (!options.lost) keepCookies(jar, response.headers["set-cookie"]);
    return response;
  }
  return {
    jar,
    address,
    keep,
    /** What the checkout page asks for as it opens. */
    openCheckout: () => send("POST", ORDER_ACCESS_KEY_PATH),
    /** `lost`: the answer never reaches the browser, nor the cookies it sets. */
    place: (order: PlaceOrderInput, key: string, options: { lost?: boolean } = {}) =>
      send("POST", "/api/orders", {
        payload: order,
        headers: { "idempotency-key": key },
        lost: options.lost,
      }),
    read: (orderNumber: string) => send("GET", `/api/orders/${orderNumber}`),
    myOrders: () => send("GET", "/api/orders"),
    reportPayment: (orderNumber: string, proof: unknown) =>
      send("POST", `/api/orders/${orderNumber}/payment`, { payload: proof }),
    payOnDelivery: (orderNumber: string) =>
      send("POST", `/api/orders/${orderNumber}/pay-on-delivery`),
  };
}

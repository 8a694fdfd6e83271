import { isSignedToken, linkKeyFrom, signedToken } from "../mail/index.ts";

/**
 * How long the link in an order's confirmation opens the order. A guest's order is otherwise
 * readable only in the browser that placed it; the link opens it in any browser (another
 * device, the mail app's own), for the inbox it was sent to.
 */
export const ORDER_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** The orders one browser keeps opened from links; the oldest give way to new ones. */
export const MAX_LINKED_ORDERS = 10;

/** Where the emailed link goes: it keeps the token in a cookie, then shows the order's page. */
export const orderLinkPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/open`;

const subject = (orderNumber: string) => `order:${orderNumber}`;

/** A key of its own for these links, so one kind of link never stands in for another. */
export const orderLinkKeyFrom = (storeSecret: string) => linkKeyFrom(storeSecret, "order-links");

export const isOrderLinkToken = (
  key: string,
  orderNumber: string,
  token: string | undefined,
  now?: Date,
) => isSignedToken(key, subject(orderNumber), token, now);

/** The emailed link to an order, good for ORDER_LINK_LIFETIME_MS from `now`. */
export function orderLink(publicUrl: string, key: string, orderNumber: string, now = new Date()) {
  const token = signedToken(
    key,
    subject(orderNumber),
    new Date(now.getTime() + ORDER_LINK_LIFETIME_MS),
  );
  return `${publicUrl.replace(/\/+$/, "")}${orderLinkPath(orderNumber)}?${new URLSearchParams({ token })}`;
}

type Entry = { orderNumber: string; token: string };

/** The cookie's entries (`FHH-123456:token|...`), whatever they are worth. */
function entriesOf(cookie: string | undefined): Entry[] {
  if (!cookie) return [];
  return cookie
    .split("|")
    .slice(0, MAX_LINKED_ORDERS)
    .flatMap((entry) => {
      const [orderNumber, token, ...rest] = entry.split(":");
      return orderNumber && token && rest.length === 0 ? [{ orderNumber, token }] : [];
    });
}

/** The orders the cookie's links still open: each token checked, expired ones left out. */
export function linkedOrdersOf(key: string, cookie: string | undefined, now = new Date()) {
  return new Set(
    entriesOf(cookie)
      .filter((entry) => isOrderLinkToken(key, entry.orderNumber, entry.token, now))
      .map((entry) => entry.orderNumber),
  );
}

/** The cookie with this link's order first, and the other orders it still opens after it. */
export function withLinkedOrder(
  key: string,
  cookie: string | undefined,
  added: Entry,
  now = new Date(),
): string {
  const kept = entriesOf(cookie).filter(
    (entry) =>
      entry.orderNumber !== added.orderNumber &&
      isOrderLinkToken(key, entry.orderNumber, entry.token, now),
  );
  return [added, ...kept]
    .slice(0, MAX_LINKED_ORDERS)
    .map((entry) => `${entry.orderNumber}:${entry.token}`)
    .join("|");
}

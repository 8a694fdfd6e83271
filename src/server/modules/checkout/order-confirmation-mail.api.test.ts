import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlaceOrderInput } from "../../../shared/contracts/checkout.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  cookieOf,
  freshAddress,
  freshEmail,
  freshMobile,
  TEST_ORIGIN,
} from "../../testing/customers.ts";
import { latestMailTo } from "../../testing/support.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { linkIn, partsWithTypedText, TYPED_MARK, typedInto } from "../../testing/typed-text.ts";

const LINKS_COOKIE = "fhh_order_links";
let keys = 0;

/** A guest's cash order with the mark in every field the shopper types. */
function typedOrder(email: string): PlaceOrderInput {
  return {
    contact: {
      firstName: typedInto("first"),
      lastName: typedInto("last"),
      email,
      phone: freshMobile(),
    },
    delivery: {
      address: `Visit spam.example for prizes ${typedInto("address")}`,
      city: typedInto("city"),
      state: typedInto("state"),
      pincode: "751007",
    },
    notes: typedInto("notes"),
    payment: { method: "cash" },
    items: [{ productId: "mangoes", quantity: 1_000 }],
  };
}

describe.each(testDatabaseKinds)("the order confirmation email on %s", (kind) => {
  const ctx = useTestApp(kind);
  afterEach(() => vi.useRealTimers());

  async function placeAsGuest(email = freshEmail("guest")) {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: typedOrder(email),
      headers: { origin: TEST_ORIGIN, "idempotency-key": `confirmation-${Date.now()}-${++keys}` },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const mail = await latestMailTo(ctx, email);
    return { order: response.json(), mail, link: linkIn(mail.textBody, "View your order") };
  }
  /** A browser that has never seen the store follows the link: answers what it keeps. */
  async function follow(link: URL, cookie?: string) {
    const response = await ctx.app.inject({
      method: "GET",
      url: `${link.pathname}${link.search}`,
      headers: cookie ? { cookie } : {},
      remoteAddress: freshAddress(),
    });
    return { response, cookie: cookieOf(response.headers["set-cookie"], LINKS_COOKIE) };
  }
  const read = (path: string, cookie?: string) =>
    ctx.app.inject({
      method: "GET",
      url: path,
      headers: cookie ? { cookie } : {},
      remoteAddress: freshAddress(),
    });

  it("gives a guest the order number, the store's lines and sums and a link, and nothing typed", async () => {
    const { order, mail } = await placeAsGuest();
    expect(partsWithTypedText(mail)).toEqual([]);
    expect(mail.attachments).toEqual([]);
    expect(mail.textBody.startsWith("Hello,")).toBe(true);
    for (const part of [mail.textBody, mail.htmlBody]) {
      expect(part).toContain(order.orderNumber);
      expect(part).toContain(order.lines[0].name);
      expect(part).toContain(formatRupees(order.totalPaise));
      expect(part).toContain("Cash on Delivery");
    }
  });

  it("links to the order in any browser: the page, its invoice and its typed details", async () => {
    const { order, link } = await placeAsGuest();
    const tracking = `/api/orders/${order.orderNumber}/tracking`;
    expect((await read(tracking)).statusCode).toBe(404);

    const followed = await follow(link);
    expect(followed.response.statusCode).toBe(303);
    expect(followed.response.headers.location).toBe(`/orders/${order.orderNumber}`);
    expect(followed.response.headers["cache-control"]).toBe("private, no-store");
    expect(followed.cookie).toBeDefined();
    const page = await read(tracking, followed.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().order.notes).toContain(TYPED_MARK);
    const invoice = await read(`/api/orders/${order.orderNumber}/invoice`, followed.cookie);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain(TYPED_MARK);

    // A second order's link joins the first in the same browser.
    const second = await placeAsGuest();
    const both = await follow(second.link, followed.cookie);
    expect((await read(tracking, both.cookie)).statusCode).toBe(200);
    const secondTracking = `/api/orders/${second.order.orderNumber}/tracking`;
    expect((await read(secondTracking, both.cookie)).statusCode).toBe(200);
  });

  it("opens only the order its link names, unedited and unexpired", async () => {
    const first = await placeAsGuest();
    const second = await placeAsGuest();
    const token = first.link.searchParams.get("token")!;
    const secondTracking = `/api/orders/${second.order.orderNumber}/tracking`;

    // Another order's number with this link's token.
    const swapped = new URL(second.link);
    swapped.searchParams.set("token", token);
    const wrongOrder = await follow(swapped);
    expect(wrongOrder.response.statusCode).toBe(303);
    expect(wrongOrder.cookie).toBeUndefined();
    // An edited token, or its expiry moved on.
    const other = (char: string | undefined) => (char === "1" ? "2" : "1");
    const expiryEdited = `${token.slice(0, -1)}${other(token.at(-1))}`;
    const macEdited = `${token.slice(0, 5)}${other(token[5])}${token.slice(6)}`;
    for (const edited of [expiryEdited, macEdited]) {
      const tampered = new URL(first.link);
      tampered.searchParams.set("token", edited);
      expect((await follow(tampered)).cookie, edited).toBeUndefined();
    }
    // A cookie written by hand: this order's token under the other's number.
    const forged = `${LINKS_COOKIE}=${encodeURIComponent(`${second.order.orderNumber}:${token}`)}`;
    expect((await read(secondTracking, forged)).statusCode).toBe(404);
    // A token that is not one at all is refused as such.
    const junk = new URL(first.link);
    junk.searchParams.set("token", "<script>");
    expect((await follow(junk)).response.statusCode).toBe(400);

    // Past its lifetime the link opens nothing, and a cookie kept from it no longer reads the order.
    const kept = await follow(first.link);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    expect((await follow(first.link)).cookie).toBeUndefined();
    const firstTracking = `/api/orders/${first.order.orderNumber}/tracking`;
    expect((await read(firstTracking, kept.cookie)).statusCode).toBe(404);
  });
});

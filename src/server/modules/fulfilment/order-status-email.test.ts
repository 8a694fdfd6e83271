// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { parseHtml as parse, visibleText as text } from "../../testing/html-text.ts";
import {
  exemptOrder,
  mixedOrder,
  orderFixture,
  PRODUCTS,
  SELLER,
} from "../../testing/order-view-fixture.ts";
import { drawn, type Mail as OrderStatusEmail } from "../../testing/outbox-mail.ts";
import { renderInvoice } from "../invoices/invoice-document.tsx";
import * as kept from "./order-status-email.ts";

/** Each mail drawn as the worker draws it, from its data read back from the outbox. */
const orderConfirmedEmail = (...args: Parameters<typeof kept.orderConfirmedEmail>) =>
  drawn(kept.orderConfirmedEmail(...args));
const orderOutForDeliveryEmail = (...args: Parameters<typeof kept.orderOutForDeliveryEmail>) =>
  drawn(kept.orderOutForDeliveryEmail(...args));
const orderDeliveredEmail = (...args: Parameters<typeof kept.orderDeliveredEmail>) =>
  drawn(kept.orderDeliveredEmail(...args));
const orderCancelledEmail = (...args: Parameters<typeof kept.orderCancelledEmail>) =>
  drawn(kept.orderCancelledEmail(...args));
const orderShortPickedEmail = (...args: Parameters<typeof kept.orderShortPickedEmail>) =>
  drawn(kept.orderShortPickedEmail(...args));

const publicUrl = "https://shop.freshharvesthub.in";
const LINK = "https://shop.freshharvesthub.in/orders/FHH-482913";
/** Plain text and the HTML's visible text, with whitespace folded, to look for the same words. */
const bodies = (email: OrderStatusEmail) => [
  email.text.replace(/\s+/g, " "),
  text(parse(email.html).body),
];
function expectBoth(email: OrderStatusEmail, expected: string[]) {
  for (const body of bodies(email)) {
    for (const words of expected) expect(body).toContain(words);
  }
}
const anchor = (email: OrderStatusEmail, label: string) =>
  [...parse(email.html).querySelectorAll("a")].find((a) => text(a) === label);

const dispatched = (order: OrderView): OrderView => ({
  ...order,
  status: "out_for_delivery",
  invoiceNumber: "FHH/26-27/000042",
  invoicedAt: "2026-11-21T09:40:00.000Z",
});
const cash = (order: OrderView): OrderView => ({
  ...order,
  paymentMethod: "cash",
  paymentStatus: "pending",
  paymentSummary: "Cash on Delivery",
});

describe("orderConfirmedEmail", () => {
  it("says the order is confirmed and being prepared, with the promise and the order page", () => {
    const email = orderConfirmedEmail({ ...mixedOrder(), status: "confirmed" }, { publicUrl });
    expect(email.subject).toBe("Your order FHH-482913 is confirmed and being prepared");
    expect(email.attachments).toEqual([]);
    expect(email.text.startsWith("Hi Asha,")).toBe(true);
    expectBoth(email, [
      "FHH-482913 is confirmed",
      "within 30-60 minutes",
      "Desi Ghee",
      "₹1,190.00",
      "UPI asha@okaxis",
      "12 Jaydev Vihar, Bhubaneswar, Odisha, 751013",
      "support@freshharvesthub.in",
    ]);
    expect(email.text).toContain(`View your order: ${LINK}`);
    expect(anchor(email, "View your order")?.getAttribute("href")).toBe(LINK);
  });
});

describe("orderOutForDeliveryEmail", () => {
  it("attaches the GST invoice and gives the delivery agent's phone", () => {
    const order = dispatched(mixedOrder());
    const invoiceHtml = renderInvoice(order, SELLER);
    const email = orderOutForDeliveryEmail(order, { publicUrl, invoiceHtml });
    expect(email.subject).toBe("Your order FHH-482913 is on its way");
    expect(email.attachments).toEqual([
      {
        filename: "invoice-FHH-482913.html",
        contentType: "text/html; charset=utf-8",
        content: invoiceHtml,
      },
    ]);
    expect(email.attachments[0]!.content).toContain("FHH/26-27/000042");
    expectBoth(email, [
      "has left our store and is on its way",
      "Delivery agent: +919040012345",
      "Your GST invoice FHH/26-27/000042 is attached (invoice-FHH-482913.html).",
    ]);
    expect(anchor(email, "Track your order")?.getAttribute("href")).toBe(LINK);
    for (const body of bodies(email)) expect(body).not.toContain("cash on delivery");
  });

  it("asks a cash shopper to keep the amount ready", () => {
    const order = cash(dispatched(exemptOrder()));
    const email = orderOutForDeliveryEmail(order, {
      publicUrl,
      invoiceHtml: renderInvoice(order, SELLER),
    });
    expectBoth(email, ["Please keep ₹189.00 ready to pay in cash on delivery."]);
  });
});

describe("orderDeliveredEmail", () => {
  it("thanks, confirms cash paid on delivery and invites a rating", () => {
    const order = { ...cash(dispatched(mixedOrder())), status: "delivered" as const };
    const email = orderDeliveredEmail({ ...order, paymentStatus: "paid" }, { publicUrl });
    expect(email.subject).toBe("Your order FHH-482913 has been delivered");
    expect(email.attachments).toEqual([]);
    expectBoth(email, [
      "has been delivered. Thank you for shopping with Fresh Harvest Hub!",
      "Paid in cash on delivery: ₹1,190.00",
      "Rate your order",
    ]);
    expect(anchor(email, "Rate your order")?.getAttribute("href")).toBe(LINK);
    expect(email.text).toContain(`Rate your order: ${LINK}`);
  });

  it("names an online payment, and thanks a shopper who has already rated", () => {
    const order = { ...dispatched(mixedOrder()), status: "delivered" as const, rating: 5 };
    const email = orderDeliveredEmail(order, { publicUrl });
    expectBoth(email, ["Paid online: ₹1,190.00 (UPI asha@okaxis)", "Thank you for rating"]);
    expect(anchor(email, "View your order")?.getAttribute("href")).toBe(LINK);
    expect(anchor(email, "Rate your order")).toBeUndefined();
  });
});

describe("orderCancelledEmail", () => {
  it("gives the reason and the refund to the shopper's payment method", () => {
    const order: OrderView = { ...mixedOrder(), status: "cancelled", paymentStatus: "refunded" };
    const email = orderCancelledEmail(order, {
      publicUrl,
      reasonLabel: "Out of stock at packing",
      refundPaise: 119000,
    });
    expect(email.subject).toBe("Your order FHH-482913 has been cancelled");
    expect(email.attachments).toEqual([]);
    expectBoth(email, [
      "your order FHH-482913 has been cancelled",
      "Reason: Out of stock at packing",
      "₹1,190.00 will be refunded to your UPI asha@okaxis within 5-7 working days.",
    ]);
    expect(anchor(email, "View your order")?.getAttribute("href")).toBe(LINK);
  });

  it("attaches the credit note after dispatch", () => {
    const order: OrderView = { ...dispatched(exemptOrder()), status: "cancelled" };
    const creditNote = {
      number: "FCN/26-27/000003",
      fileName: "credit-note-FCN-26-27-000003.html",
      html: "<!DOCTYPE html><title>Credit Note FCN/26-27/000003</title>",
    };
    const email = orderCancelledEmail(order, {
      publicUrl,
      reasonLabel: "Address not reachable",
      refundPaise: 18900,
      creditNote,
    });
    expect(email.attachments).toEqual([
      {
        filename: "credit-note-FCN-26-27-000003.html",
        contentType: "text/html; charset=utf-8",
        content: creditNote.html,
      },
    ]);
    expectBoth(email, [
      "Our credit note FCN/26-27/000003 against invoice FHH/26-27/000042 is attached (credit-note-FCN-26-27-000003.html).",
      "₹189.00 will be refunded",
    ]);
  });

  it("tells a cash shopper that nothing was charged", () => {
    const email = orderCancelledEmail(cash({ ...mixedOrder(), status: "cancelled" }), {
      publicUrl,
      reasonLabel: "Customer request",
      refundPaise: 0,
    });
    expectBoth(email, ["Reason: Customer request", "nothing was charged"]);
    for (const body of bodies(email)) expect(body).not.toContain("refunded");
  });
});

describe("orderShortPickedEmail", () => {
  const changes = [
    { name: "Tomatoes", unit: "kg", ordered: 2000, supplied: 1000, packed: 1000, short: true },
    { name: "Bananas", unit: "dozen", ordered: 1, supplied: 0, packed: null, short: true },
  ];
  /** The order after packing: one kilo of tomatoes and the ghee, no bananas. */
  const shortPicked = () => {
    const order = orderFixture([
      { product: PRODUCTS.tomatoes, quantity: 1000 },
      { product: PRODUCTS.bananas, quantity: 0 },
      { product: PRODUCTS.desiGhee, quantity: 1 },
    ]);
    order.lines[0]!.orderedQuantity = 2000;
    order.lines[0]!.packedQuantity = 1000;
    order.lines[1]!.orderedQuantity = 1;
    return { ...order, status: "packed" as const };
  };

  it("lists what changed, the new total and the refund of the difference", () => {
    const order = shortPicked();
    expect(order.totalPaise).toBe(109000);
    const email = orderShortPickedEmail(order, { publicUrl, changes, refundPaise: 10000 });
    expect(email.subject).toBe("A change to your order FHH-482913: some items were short");
    expect(email.attachments).toEqual([]);
    expect(email.text).toContain("Tomatoes: 2 kg ordered, 1 kg packed");
    expect(email.text).toContain("Bananas: none packed (1 dozen ordered)");
    expectBoth(email, [
      "New total: ₹1,090.00",
      "The difference, ₹100.00, will be refunded to your UPI asha@okaxis within 5-7 working days.",
    ]);
    const html = text(parse(email.html).body);
    expect(html).toContain("Tomatoes 2 kg ordered, 1 kg packed");
    expect(html).toContain("Bananas none packed (1 dozen ordered)");
    expect(anchor(email, "View your order")?.getAttribute("href")).toBe(LINK);
  });

  it("gives a cash shopper the new amount to pay", () => {
    const email = orderShortPickedEmail(cash(shortPicked()), {
      publicUrl,
      changes,
      refundPaise: 0,
    });
    expectBoth(email, ["New amount to pay in cash on delivery: ₹1,090.00"]);
    for (const body of bodies(email)) expect(body).not.toContain("refunded");
  });
});

describe("every status email", () => {
  const script = "<script>alert(1)</script>";
  const hostile = orderFixture(
    [{ product: { ...PRODUCTS.desiGhee, name: `${script} Ghee & Co` }, quantity: 1 }],
    {
      customerName: `${script} Patel`,
      shippingAddress: `" onmouseover="x`,
      paymentSummary: `<a href="javascript:alert(1)">UPI</a>`,
      deliveryAgentPhone: `"><svg onload=alert(1)>`,
      invoiceNumber: "FHH/<i>1</i>",
    },
  );
  const emails: [string, OrderStatusEmail][] = [
    ["confirmed", orderConfirmedEmail(hostile, { publicUrl })],
    ["out for delivery", orderOutForDeliveryEmail(hostile, { publicUrl, invoiceHtml: "" })],
    ["delivered", orderDeliveredEmail(hostile, { publicUrl })],
    [
      "cancelled",
      orderCancelledEmail(hostile, {
        publicUrl,
        reasonLabel: `<img src=x onerror=alert(1)>`,
        refundPaise: 100,
        creditNote: { number: "<b>FCN</b>", fileName: "<u>x</u>.html", html: "" },
      }),
    ],
    [
      "short-picked",
      orderShortPickedEmail(hostile, {
        publicUrl,
        changes: [
          { name: script, unit: "<b>kg</b>", ordered: 2, supplied: 1, packed: null, short: true },
        ],
        refundPaise: 100,
      }),
    ],
  ];

  it.each(emails)("escapes what users typed (%s)", (_, email) => {
    expect(email.html).not.toMatch(/<script|<img|<svg|<i>|<u>|<b>|href="javascript/i);
    expect(email.html).toContain("Hi <bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>,");
    const doc = parse(email.html);
    expect(doc.querySelectorAll("script, img, svg, i, u, b")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/);
    }
    expect(email.text.startsWith(`Hi ${script},`)).toBe(true);
  });

  it.each(emails)("is an email-safe HTML document in the store's layout (%s)", (_, email) => {
    expect(email.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(email.html).not.toMatch(/<style|<link|class=/i);
    expect(email.html).toContain("background:#2f7d32");
    expect(email.subject).not.toMatch(/\n/);
    expect(email.text).toContain("support@freshharvesthub.in");
  });
});

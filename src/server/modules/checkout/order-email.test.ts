// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { parseHtml as parse, visibleText as text } from "../../testing/html-text.ts";
import {
  exemptOrder,
  mixedOrder,
  orderFixture,
  PRODUCTS,
} from "../../testing/order-view-fixture.ts";
import { drawn, type Mail } from "../../testing/outbox-mail.ts";
import { orderConfirmationEmail, orderPageLink } from "./order-email.tsx";

const PUBLIC_URL = "https://shop.freshharvesthub.in";
const LINK = `${PUBLIC_URL}/api/orders/FHH-482913/open?token=${"A".repeat(32)}1790000000`;

function emailFor(order = mixedOrder()) {
  return { email: drawn(orderConfirmationEmail(order, { link: LINK })) };
}

/** What the shopper typed into checkout (order-view-fixture.ts): no part of the mail repeats it. */
const TYPED = ["Asha", "Patel", "Jaydev Vihar", "751013", "ring the bell", "asha@okaxis"];

describe("orderConfirmationEmail", () => {
  it("has the subject and the link it is given, and attaches nothing", () => {
    const { email } = emailFor();
    expect(email.subject).toBe("We have received your Fresh Harvest Hub order FHH-482913");
    expect(email.text).toContain(`View your order: ${LINK}`);
    const anchor = [...parse(email.html).querySelectorAll("a")].find(
      (a) => text(a) === "View your order",
    );
    expect(anchor?.getAttribute("href")).toBe(LINK);
    expect(email.attachments).toEqual([]);
  });

  it("tolerates a trailing slash on the public address", () => {
    expect(orderPageLink(`${PUBLIC_URL}/`, "FHH-000001")).toBe(`${PUBLIC_URL}/orders/FHH-000001`);
  });

  it("says Hello, whatever name was typed", () => {
    for (const customerName of ["Asha Patel", " "]) {
      const { email } = emailFor(
        orderFixture([{ product: PRODUCTS.tomatoes, quantity: 1_000 }], { customerName }),
      );
      expect(email.text.startsWith("Hello,\n")).toBe(true);
      expect(text(parse(email.html).body)).toContain("We have your order! Hello,");
    }
  });

  it.each([
    ["plain text", (email: Mail) => email.text],
    ["HTML", (email: Mail) => text(parse(email.html).body)],
  ])("tells the order in the store's own words in %s, and nothing typed", (_, bodyOf) => {
    const body = bodyOf(emailFor().email);
    for (const expected of [
      "Hello,",
      "FHH-482913",
      "Tomatoes",
      "₹80.00",
      "Bananas",
      "₹60.00",
      "Desi Ghee",
      "₹1,000.00",
      "₹1,140.00",
      "₹50.00",
      "₹1,190.00",
      "UPI (Paid)",
      "5-15 minutes",
      "30-60 minutes",
      "+919040012345",
      "support@freshharvesthub.in",
      "+91 674 254 0000",
      "Your delivery details and proforma invoice are on your order's page",
      "Your GST invoice follows by email when your order leaves our store.",
    ]) {
      expect(body).toContain(expected);
    }
    expect(body).toMatch(/Delivery:? Free/);
    for (const typed of TYPED) expect(body).not.toContain(typed);
  });

  it("names cash on delivery without a payment state", () => {
    const { email } = emailFor(
      orderFixture([{ product: PRODUCTS.tomatoes, quantity: 1_000 }], {
        paymentMethod: "cash",
        paymentStatus: "pending",
        paymentSummary: "Cash on Delivery",
      }),
    );
    expect(email.text).toContain("Payment: Cash on Delivery\n");
  });

  it("lists quantities and shows a charged delivery fee", () => {
    const { email } = emailFor(exemptOrder());
    expect(email.text).toContain("Tomatoes (2 kg · ₹40.00 per kg): ₹80.00");
    expect(email.text).toContain("Mint (3 bunch · ₹10.00 per bunch): ₹30.00");
    expect(email.text).toContain("Delivery: ₹49.00");
    expect(email.text).toContain("Total: ₹189.00");
    expect(text(parse(email.html).body)).toContain("2 kg · ₹40.00 per kg");
  });

  it("is an email-safe HTML document: tables, inline styles, no scripts or style blocks", () => {
    const { email } = emailFor();
    expect(email.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(email.html).not.toMatch(/<script|<style|<link|class=/i);
    expect(email.html).toContain("background:#2f7d32");
  });

  it("escapes the product data, and leaves out what the shopper typed however hostile", () => {
    const script = "<script>alert(1)</script>";
    const order = orderFixture(
      [{ product: { ...PRODUCTS.desiGhee, name: `${script} Ghee & Co` }, quantity: 1 }],
      {
        customerName: `${script} Patel`,
        shippingAddress: `" onmouseover="x`,
        notes: `<img src=x onerror=alert(1)>`,
        paymentSummary: `<a href="javascript:alert(1)">UPI</a>`,
      },
    );
    const { email } = emailFor(order);
    expect(email.html).not.toMatch(/<script|<img|<svg|href="javascript/i);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ghee &amp; Co");
    for (const typed of ["Patel", "onmouseover", "onerror", "javascript"]) {
      expect(email.html).not.toContain(typed);
      expect(email.text).not.toContain(typed);
    }
    const doc = parse(email.html);
    expect(doc.querySelectorAll("script, img, svg")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/);
    }
  });
});

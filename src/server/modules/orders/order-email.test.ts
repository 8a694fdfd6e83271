// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { parseHtml as parse, visibleText as text } from "../../testing/html-text.ts";
import {
  exemptOrder,
  mixedOrder,
  orderFixture,
  PRODUCTS,
  SELLER,
} from "../../testing/order-view-fixture.ts";
import { renderInvoice } from "../invoices/invoice-document.tsx";
import { orderConfirmationEmail, orderPageLink } from "./order-email.tsx";

const PUBLIC_URL = "https://shop.freshharvesthub.in";

function emailFor(order = mixedOrder()) {
  const invoiceHtml = renderInvoice(order, SELLER);
  return {
    invoiceHtml,
    email: orderConfirmationEmail(order, { publicUrl: PUBLIC_URL, invoiceHtml }),
  };
}

describe("orderConfirmationEmail", () => {
  it("has the subject, the order link and the invoice attached", () => {
    const { email, invoiceHtml } = emailFor();
    expect(email.subject).toBe("We have received your Fresh Harvest Hub order FHH-482913");
    const link = "https://shop.freshharvesthub.in/orders/FHH-482913";
    expect(email.text).toContain(`View your order: ${link}`);
    const anchor = [...parse(email.html).querySelectorAll("a")].find(
      (a) => text(a) === "View your order",
    );
    expect(anchor?.getAttribute("href")).toBe(link);
    expect(email.attachments).toEqual([
      {
        filename: "invoice-FHH-482913.html",
        contentType: "text/html; charset=utf-8",
        content: invoiceHtml,
      },
    ]);
  });

  it("tolerates a trailing slash on the public address", () => {
    expect(orderPageLink(`${PUBLIC_URL}/`, "FHH-000001")).toBe(`${PUBLIC_URL}/orders/FHH-000001`);
  });

  it("greets by first name, or as a valued customer", () => {
    expect(greetingName("  Asha   Patel ")).toBe("Asha");
    expect(greetingName("")).toBe("Valued Customer");
    const { email } = emailFor(
      orderFixture([{ product: PRODUCTS.tomatoes, quantity: 1 }], { customerName: " " }),
    );
    expect(email.text.startsWith("Hi Valued Customer,")).toBe(true);
    expect(text(parse(email.html).body)).toContain("Hi Valued Customer ,");
  });

  it.each([
    ["plain text", (email: ReturnType<typeof orderConfirmationEmail>) => email.text],
    ["HTML", (email: ReturnType<typeof orderConfirmationEmail>) => text(parse(email.html).body)],
  ])("tells the whole order in %s", (_, bodyOf) => {
    const body = bodyOf(emailFor().email);
    for (const expected of [
      "Hi Asha",
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
      "UPI asha@okaxis",
      "12 Jaydev Vihar, Bhubaneswar, Odisha, 751013",
      "Please ring the bell twice.",
      "5-15 minutes",
      "30-60 minutes",
      "+919040012345",
      "support@freshharvesthub.in",
      "+91 674 254 0000",
      "invoice-FHH-482913.html",
      "Your proforma invoice is attached",
      "Your GST invoice follows by email when your order leaves our store.",
    ]) {
      expect(body).toContain(expected);
    }
    expect(body).toMatch(/Delivery:? Free/);
  });

  it("lists quantities and shows a charged delivery fee", () => {
    const { email } = emailFor(exemptOrder());
    expect(email.text).toContain("Tomatoes (Qty 2 · ₹40.00 / kg): ₹80.00");
    expect(email.text).toContain("Mint (Qty 3 · ₹10.00 / Bunch): ₹30.00");
    expect(email.text).toContain("Delivery: ₹49.00");
    expect(email.text).toContain("Total: ₹189.00");
    expect(text(parse(email.html).body)).toContain("Qty 2 · ₹40.00 / kg");
  });

  it("is an email-safe HTML document: tables, inline styles, no scripts or style blocks", () => {
    const { email } = emailFor();
    expect(email.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(email.html).not.toMatch(/<script|<style|<link|class=/i);
    expect(email.html).toContain("background:#2f7d32");
  });

  it("escapes everything that comes from the order", () => {
    const script = "<script>alert(1)</script>";
    const attribute = `" onmouseover="x`;
    const order = orderFixture(
      [{ product: { ...PRODUCTS.desiGhee, name: `${script} Ghee & Co` }, quantity: 1 }],
      {
        customerName: `${script} Patel`,
        shippingAddress: attribute,
        notes: `<img src=x onerror=alert(1)>`,
        paymentSummary: `<a href="javascript:alert(1)">UPI</a>`,
        deliveryAgentPhone: `"><svg onload=alert(1)>`,
      },
    );
    const { email } = emailFor(order);
    expect(email.html).not.toMatch(/<script|<img|<svg|href="javascript/i);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).toContain("&quot; onmouseover=&quot;x");
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ghee &amp; Co");
    const doc = parse(email.html);
    expect(doc.querySelectorAll("script, img, svg")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/);
    }
    expect(email.html).toContain("Hi <bdi>&lt;script&gt;alert(1)&lt;/script&gt;</bdi>,");
    // The attached invoice is escaped by renderInvoice as well.
    expect(email.attachments[0]!.content).not.toMatch(/<script/i);
  });
});

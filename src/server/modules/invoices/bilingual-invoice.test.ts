// @vitest-environment jsdom
// An order placed in Odia or Hindi gets its invoice's labels in that language beside the English
// GST practice reads, and its products by both names; English orders stay English (and every
// PDF: document-pdf.test.ts).
import { describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { parseHtml as parse, visibleText as text } from "../../testing/html-text.ts";
import {
  orderFixture,
  PRODUCTS,
  SELLER,
  withLocalNames,
} from "../../testing/order-view-fixture.ts";
import { PROFORMA_NOTICE, renderInvoice } from "./invoice-document.tsx";

const ODIA = /[\u0B00-\u0B7F]/;
const DEVANAGARI = /[\u0900-\u097F]/;

const orderIn = (locale: OrderView["locale"], localNames: Record<string, string>): OrderView => {
  const order = orderFixture(
    [
      { product: PRODUCTS.tomatoes, quantity: 1500 },
      { product: PRODUCTS.desiGhee, quantity: 1 },
    ],
    { locale },
  );
  return withLocalNames(order, localNames);
};

describe("the invoice in the buyer's language", () => {
  it.each([
    ["or", ODIA, { tomatoes: "ଟମାଟୋ" }],
    ["hi", DEVANAGARI, { tomatoes: "टमाटर" }],
  ] as const)("labels an order placed in %s in it, beside the English", (locale, script, names) => {
    const html = renderInvoice(orderIn(locale, names), SELLER);
    const page = parse(html);
    const heading = text(page.querySelector("h1")!);
    expect(heading).toMatch(script);
    expect(heading).toMatch(/ \/ Proforma Invoice$/);
    expect(text(page.querySelector(".proforma")!)).toMatch(
      new RegExp(` / ${asPattern(PROFORMA_NOTICE)}$`),
    );
    const rows = [...page.querySelectorAll("table.totals th")].map((cell) => text(cell));
    expect(rows.at(-1)).toMatch(/ \/ Grand total$/);
    expect(rows.at(-1)).toMatch(script);
    const descriptions = [...page.querySelectorAll("tr.line td.desc")].map((cell) => text(cell));
    expect(descriptions).toContain(`${names.tomatoes} / Tomatoes`);
    // A product with no name in the language is named once, in English.
    expect(descriptions).toContain("Desi Ghee");
    // What the law reads stays English: the amount in words, the GSTIN, the figures.
    expect(text(page.querySelector(".words strong")!)).toMatch(/^Rupees /);
    expect(html).toContain(SELLER.gstin);
  });

  it("keeps an English order's invoice English alone", () => {
    const page = parse(renderInvoice(orderIn("en", { tomatoes: "ଟମାଟୋ" }), SELLER));
    expect(text(page.querySelector("h1")!)).toBe("Proforma Invoice");
    expect(text(page.body)).not.toMatch(ODIA);
  });
});

function asPattern(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

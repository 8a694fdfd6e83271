// @vitest-environment jsdom
// A credit note for an order placed in Odia or Hindi reads as its invoice does: each label in the
// order's language beside the English GST practice reads, each product by both names; an English
// order's stays exactly as it was (its PDFs: document-pdf.test.ts).
import { describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { creditNoteFor } from "../../testing/credit-note-fixture.ts";
import { parseHtml as parse, visibleText as text } from "../../testing/html-text.ts";
import {
  orderFixture,
  PRODUCTS,
  SELLER,
  withLocalNames,
} from "../../testing/order-view-fixture.ts";
import { renderCreditNote } from "./render-credit-note.tsx";

const ODIA = /[\u0B00-\u0B7F]/;
const DEVANAGARI = /[\u0900-\u097F]/;

const orderIn = (locale: OrderView["locale"], localNames: Record<string, string>): OrderView => {
  // Under Rs 500, so the delivery fee is charged, and credited with the rest.
  const order = orderFixture(
    [
      { product: PRODUCTS.tomatoes, quantity: 1500 },
      { product: PRODUCTS.mint, quantity: 3 },
    ],
    { locale },
  );
  return withLocalNames(order, localNames);
};

describe("the credit note in the buyer's language", () => {
  it.each([
    ["or", ODIA, { tomatoes: "ଟମାଟୋ" }],
    ["hi", DEVANAGARI, { tomatoes: "टमाटर" }],
  ] as const)("labels an order placed in %s in it, beside the English", (locale, script, names) => {
    const { note, order } = creditNoteFor(orderIn(locale, names));
    const html = renderCreditNote(note, order, SELLER);
    const page = parse(html);
    const heading = text(page.querySelector("h1")!);
    expect(heading).toMatch(script);
    expect(heading).toMatch(/ \/ Credit Note$/);
    const meta = [...page.querySelectorAll(".meta th")].map((cell) => text(cell));
    expect(meta).toHaveLength(6);
    for (const [label, english] of meta.map((row, index) => [row, META[index]!] as const)) {
      expect(label).toMatch(script);
      expect(label.endsWith(` / ${english}`), label).toBe(true);
    }
    const totals = [...page.querySelectorAll("table.totals th")].map((cell) => text(cell));
    expect(totals).toHaveLength(5);
    for (const row of totals) expect(row).toMatch(script);
    expect(totals.at(-1)).toMatch(/ \/ Total credited$/);
    expect(text(page.querySelector(".parties h2")!)).toMatch(/ \/ Recipient \/ Delivery address$/);
    expect(text(page.querySelector(".parties .box + .box h2")!)).toMatch(/ \/ Reason for credit$/);
    expect(text(page.querySelector(".words h2")!)).toMatch(/ \/ Amount credited in words$/);
    expect(text(page.querySelector("tr.delivery td.desc")!)).toMatch(
      / \/ Delivery charges credited$/,
    );
    const descriptions = [...page.querySelectorAll("tr.line td.desc")].map((cell) => text(cell));
    expect(descriptions).toEqual([`${names.tomatoes} / Tomatoes`, "Mint"]);
    // What the law reads stays English: the amount in words, the GSTIN, the figures, the
    // invoice it is against, the reason as written.
    expect(text(page.querySelector(".words strong")!)).toMatch(/^Rupees /);
    expect(text(page.querySelector(".against")!)).toBe(
      "Against invoice FHH/26-27/000042 dated 21 Nov 2026",
    );
    expect(text(page.querySelector(".reason")!)).toBe("Order cancelled: Address not reachable");
    expect(html).toContain(SELLER.gstin);
  });

  it("keeps an English order's credit note English alone, as it was", () => {
    const { note, order } = creditNoteFor(orderIn("en", { tomatoes: "ଟମାଟୋ" }));
    const html = renderCreditNote(note, order, SELLER);
    const page = parse(html);
    expect(text(page.querySelector("h1")!)).toBe("Credit Note");
    expect([...page.querySelectorAll(".meta th")].map((cell) => text(cell))).toEqual(META);
    expect(text(page.querySelector("tr.line td.desc")!)).toBe("Tomatoes");
    expect(text(page.body)).not.toMatch(ODIA);
    // A product's own name in another language changes nothing on an English order's note.
    const { note: plain, order: unnamed } = creditNoteFor(orderIn("en", {}));
    expect(renderCreditNote(plain, unnamed, SELLER)).toBe(html);
  });
});

const META = [
  "Credit note no.",
  "Credit note date",
  "Against invoice",
  "Invoice date",
  "Order no.",
  "Place of supply",
];

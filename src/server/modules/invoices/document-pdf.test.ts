import { describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { creditNoteFor } from "../../testing/credit-note-fixture.ts";
import {
  mixedOrder,
  orderFixture,
  PRODUCTS,
  SELLER,
  withLocalNames,
} from "../../testing/order-view-fixture.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { renderInvoicePdf } from "./invoice-document.tsx";
import { renderCreditNotePdf } from "./render-credit-note.tsx";

const ODIA = /[\u0B00-\u0B7F]/;
const DEVANAGARI = /[\u0900-\u097F]/;

const dispatched = (order: OrderView): OrderView => ({
  ...order,
  status: "out_for_delivery",
  invoiceNumber: "FHH/26-27/000042",
  invoicedAt: "2026-11-21T09:40:00.000Z",
});
const textOf = async (order: OrderView) =>
  pdfText(await renderInvoicePdf(order, SELLER, { compress: false })).replace(/\s+/g, " ");

/** The faces a PDF embeds, without their subset tags ("DejaVuSans-Bold"). */
const fontsOf = (pdf: Buffer) =>
  [
    ...new Set(
      [...pdf.toString("latin1").matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map(
        (match) => match[1]!,
      ),
    ),
  ].sort();

/** A proforma with a product named in the order's language and one that is not. */
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

describe("renderInvoicePdf", () => {
  it("writes the invoice's content from its components: every line with its HSN, the GST split and the ₹ total", async () => {
    const order = dispatched(mixedOrder());
    const pdf = await renderInvoicePdf(order, SELLER, { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1")).toContain("/Title");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const line of order.lines) {
      expect(text).toContain(line.name);
      expect(text).toContain(line.hsnCode);
    }
    for (const words of [
      "INVOICE-CUM-BILL OF SUPPLY",
      "FHH/26-27/000042",
      `GSTIN: ${SELLER.gstin}`,
      "Asha Patel",
      "CGST",
      "SGST",
      "2.5%",
      `Grand total ${formatRupees(order.totalPaise)}`,
      "Rupees One Thousand One Hundred Ninety Only",
      "Authorised signatory",
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it("prints what a shopper typed as text, markup and all", async () => {
    const text = await textOf(
      dispatched({ ...mixedOrder(), customerName: "<b>Asha</b> Das", notes: "Gate 2\nRing twice" }),
    );
    expect(text).toContain("<b>Asha</b> Das");
    expect(text).toContain("Gate 2 Ring twice");
  });

  it("carries a long order over pages, the table's heading on each, nothing lost", async () => {
    const many = orderFixture(
      Array.from({ length: 70 }, (_, index) => ({
        product: {
          ...PRODUCTS.spinach,
          productId: `greens-${index}`,
          name: `Greens no. ${index + 1}`,
        },
        quantity: 1,
      })),
    );
    const pdf = await renderInvoicePdf(dispatched(many), SELLER, { compress: false });
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)!.length).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text.match(/Description of goods/g)!.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain("Greens no. 1 ");
    expect(text).toContain("Greens no. 70 ");
    expect(text).toContain(`Grand total ${formatRupees(many.totalPaise)}`);
  });

  it.each([
    ["or", "NotoSansOriya", "NotoSansDevanagari", ODIA, "ଟମାଟୋ"],
    ["hi", "NotoSansDevanagari", "NotoSansOriya", DEVANAGARI, "टमाटर"],
  ] as const)(
    "draws an order placed in %s bilingual, in that script's Noto face beside DejaVu",
    async (locale, face, otherFace, script, tomatoes) => {
      const order = orderIn(locale, { tomatoes });
      const words = translatorFor(locale);
      for (const pdf of [
        await renderInvoicePdf(order, SELLER, { compress: false }),
        await renderInvoicePdf(order, SELLER),
      ]) {
        expect(fontsOf(pdf)).toEqual(
          ["DejaVuSans", "DejaVuSans-Bold", `${face}-Bold`, `${face}-Regular`].sort(),
        );
        expect(fontsOf(pdf).join()).not.toContain(otherFace);
        const text = pdfText(pdf).replace(/\s+/g, " ");
        const grandTotal = words._("Grand total");
        expect(grandTotal).toMatch(script);
        expect(text).toContain(`${grandTotal} / Grand total ${formatRupees(order.totalPaise)}`);
        expect(text).toContain(`${words._("Proforma Invoice")} / PROFORMA INVOICE`);
        expect(text).toContain(`${words._("Description of goods")} / Description of goods`);
        expect(text).toContain(`${tomatoes} / Tomatoes`);
        // The product without a name in the language, and what the law reads, stay English.
        expect(text).toContain("Desi Ghee");
        expect(text).toContain("Rupees One Thousand");
      }
    },
  );

  it.each([
    ["or", "NotoSansOriya", ODIA, "ଟମାଟୋ"],
    ["hi", "NotoSansDevanagari", DEVANAGARI, "टमाटर"],
  ] as const)(
    "draws the credit note of an order placed in %s bilingual too",
    async (locale, face, script, tomatoes) => {
      const { note, order } = creditNoteFor(orderIn(locale, { tomatoes }));
      const pdf = await renderCreditNotePdf(note, order, SELLER, { compress: false });
      expect(fontsOf(pdf)).toContain(`${face}-Regular`);
      expect(fontsOf(pdf)).toContain(`${face}-Bold`);
      const text = pdfText(pdf).replace(/\s+/g, " ");
      const words = translatorFor(locale);
      const credited = words._("Total credited");
      expect(credited).toMatch(script);
      expect(text).toContain(`${credited} / Total credited ${formatRupees(note.totalPaise)}`);
      expect(text).toContain(`${words._("Credit Note")} / CREDIT NOTE`);
      expect(text).toContain(`${tomatoes} / Tomatoes`);
      expect(text).toContain("Against invoice FHH/26-27/000042 dated 21 Nov 2026");
    },
  );

  it("carries a long Odia order over pages, the heading in both languages on each", async () => {
    const many = orderFixture(
      Array.from({ length: 60 }, (_, index) => ({
        product: { ...PRODUCTS.spinach, productId: `greens-${index}`, name: `Greens ${index + 1}` },
        quantity: 1,
      })),
      { locale: "or" },
    );
    const named = {
      ...many,
      lines: many.lines.map((line, index) => ({ ...line, localName: `ଶାଗ ${index + 1}` })),
    };
    const pdf = await renderInvoicePdf(dispatched(named), SELLER, { compress: false });
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)!.length).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain("ଶାଗ 1 / Greens 1 ");
    expect(text).toContain("ଶାଗ 60 / Greens 60 ");
    const heading = `${translatorFor("or")._("Description of goods")} / Description of goods`;
    expect(text.split(heading).length - 1).toBeGreaterThanOrEqual(2);
  });

  it("keeps an English order's PDF in DejaVu alone, with no marked spans", async () => {
    const order = orderIn("en", { tomatoes: "ଟମାଟୋ" });
    const invoice = await renderInvoicePdf(order, SELLER, { compress: false });
    const { note, order: cancelled } = creditNoteFor(order);
    const credit = await renderCreditNotePdf(note, cancelled, SELLER, { compress: false });
    for (const pdf of [invoice, credit]) {
      expect(fontsOf(pdf)).toEqual(["DejaVuSans", "DejaVuSans-Bold"]);
      expect(pdf.toString("latin1")).not.toMatch(/ActualText|BDC/);
      expect(pdfText(pdf)).not.toMatch(/[\u0900-\u097F\u0B00-\u0B7F]/);
    }
    expect(pdfText(invoice)).toContain("Tomatoes");
  });

  it("prints what a shopper typed in Odia on an English order in the Odia face, and no other", async () => {
    const order = { ...orderIn("en", {}), customerName: "ଆଶା ପଟେଲ", notes: "ଦୁଇଥର ଘଣ୍ଟି ବଜାନ୍ତୁ" };
    const pdf = await renderInvoicePdf(order, SELLER, { compress: false });
    const fonts = fontsOf(pdf);
    expect(fonts).toContain("NotoSansOriya-Regular");
    expect(fonts.join()).not.toContain("Devanagari");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain("ଆଶା ପଟେଲ");
    expect(text).toContain("ଦୁଇଥର ଘଣ୍ଟି ବଜାନ୍ତୁ");
    expect(text).toMatch(/Proforma Invoice/i);
  });
});

import { describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { mixedOrder, orderFixture, PRODUCTS, SELLER } from "../../testing/order-view-fixture.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { renderInvoicePdf } from "./invoice-document.tsx";

const dispatched = (order: OrderView): OrderView => ({
  ...order,
  status: "out_for_delivery",
  invoiceNumber: "FHH/26-27/000042",
  invoicedAt: "2026-11-21T09:40:00.000Z",
});
const textOf = async (order: OrderView) =>
  pdfText(await renderInvoicePdf(order, SELLER, { compress: false })).replace(/\s+/g, " ");

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

  it("stays English for an order placed in Odia or Hindi: its fonts have neither script", async () => {
    for (const [locale, tomatoes] of [
      ["or", "ଟମାଟୋ"],
      ["hi", "टमाटर"],
    ] as const) {
      const order = orderFixture([{ product: PRODUCTS.tomatoes, quantity: 1500 }], { locale });
      const named = {
        ...order,
        lines: order.lines.map((line) => ({ ...line, localName: tomatoes })),
      };
      const text = await textOf(named);
      expect(text).toMatch(/proforma invoice/i);
      expect(text).toContain("Tomatoes");
      expect(text).not.toMatch(/[\u0900-\u097F\u0B00-\u0B7F]/);
    }
  });
});

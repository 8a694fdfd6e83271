// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { formatRupees } from "../../../shared/money.ts";
import { creditNoteFor } from "../../testing/credit-note-fixture.ts";
import { parseHtml as parse, visibleText as text } from "../../testing/html-text.ts";
import {
  exemptOrder,
  mixedOrder,
  orderFixture,
  PRODUCTS,
  SELLER,
  taxedOrder,
} from "../../testing/order-view-fixture.ts";
import { amountInWords } from "./amount-in-words.ts";
import { renderCreditNote } from "./render-credit-note.tsx";

const paiseOf = (cellText: string) => Math.round(Number(cellText.replace(/[^\d.-]/g, "")) * 100);

describe("renderCreditNote", () => {
  it("is a standalone HTML5 document with no scripts or outside resources", () => {
    const { note, order } = creditNoteFor(mixedOrder());
    const html = renderCreditNote(note, order, SELLER);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<title>Credit Note FCN/26-27/000003</title>");
    expect(html).toContain("@page { size: A4; margin: 14mm; }");
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(|@import|https?:\/\//i);
    const doc = parse(html);
    expect(doc.head.querySelector("meta[charset]")?.getAttribute("charset")).toBe("utf-8");
    expect(doc.querySelectorAll("script, link, img, iframe")).toHaveLength(0);
  });

  it("carries the fields of CGST Rule 53(1A)", () => {
    const { note, order } = creditNoteFor(mixedOrder());
    const doc = parse(renderCreditNote(note, order, SELLER));
    expect(text(doc.querySelector("h1"))).toBe("Credit Note");
    const meta = [...doc.querySelectorAll(".meta tr")].map((row) => text(row));
    expect(meta).toEqual([
      "Credit note no. FCN/26-27/000003",
      "Credit note date 21 Nov 2026",
      "Against invoice FHH/26-27/000042",
      "Invoice date 21 Nov 2026",
      "Order no. FHH-482913",
      "Place of supply Odisha (21)",
    ]);
    expect(text(doc.querySelector(".against"))).toBe(
      "Against invoice FHH/26-27/000042 dated 21 Nov 2026",
    );
    const page = text(doc.body);
    for (const expected of [
      "Fresh Harvest Hub",
      "Plot 42, Saheed Nagar, Bhubaneswar, Odisha 751007, India",
      "GSTIN: 21AAAFH0000A1Z5",
      "State: Odisha, State code: 21",
      "Original for recipient",
      "Asha Patel",
      "12 Jaydev Vihar, Bhubaneswar, Odisha, 751013",
      "State: Odisha (21)",
      "Phone: +919876543210",
      "Email: asha.patel@example.in",
      "Reason for credit Order cancelled: Address not reachable",
      "Taxable value credited",
      "CGST credited",
      "SGST credited",
      "Total credited",
      "support@freshharvesthub.in",
    ]) {
      expect(page).toContain(expected);
    }
    expect(text(doc.querySelector(".signature"))).toBe(
      "For Fresh Harvest Hub Authorised signatory",
    );
  });

  it("lists every credited line with HSN, quantity, unit, rate, taxable value, CGST and SGST", () => {
    const { note, order } = creditNoteFor(mixedOrder());
    const doc = parse(renderCreditNote(note, order, SELLER));
    const rows = [...doc.querySelectorAll("tbody tr.line")];
    expect(rows).toHaveLength(3);
    expect([...rows[2]!.querySelectorAll("td")].map((cell) => text(cell))).toEqual([
      "3",
      "Desi Ghee",
      "0405",
      "1",
      "liter",
      "1,000.00",
      "1,000.00",
      "2.5%",
      "25.00",
      "2.5%",
      "25.00",
      "1,050.00",
    ]);
    expect([...rows[0]!.querySelectorAll("td")].map((cell) => text(cell))[2]).toBe("0702");
    // Free delivery on the invoice: nothing to credit, so no delivery line.
    expect(doc.querySelector("tbody tr.delivery")).toBeNull();
    expect(doc.querySelector(".delivery-total")).toBeNull();
  });

  it.each([
    ["mixed, free delivery", mixedOrder],
    ["exempt, with delivery fee", exemptOrder],
    ["taxed, odd paise", taxedOrder],
  ])("totals add up to what the note credits (%s)", (_, makeOrder) => {
    const { note, order } = creditNoteFor(makeOrder());
    const doc = parse(renderCreditNote(note, order, SELLER));
    let cgst = 0;
    let sgst = 0;
    [...doc.querySelectorAll("tbody tr.line")].forEach((row, index) => {
      const line = note.lines[index]!;
      const lineCgst = paiseOf(text(row.querySelector(".cgst")));
      const lineSgst = paiseOf(text(row.querySelector(".sgst")));
      expect(lineCgst + lineSgst).toBe(line.gstPaise);
      expect(paiseOf(text(row.querySelector(".taxable")))).toBe(line.taxablePaise);
      cgst += lineCgst;
      sgst += lineSgst;
    });
    const cgstTotal = paiseOf(text(doc.querySelector(".cgst-total")));
    const sgstTotal = paiseOf(text(doc.querySelector(".sgst-total")));
    expect(cgstTotal).toBe(cgst);
    expect(sgstTotal).toBe(sgst);
    expect(cgstTotal + sgstTotal).toBe(note.gstPaise);
    const taxable = paiseOf(text(doc.querySelector(".subtotal")));
    expect(taxable).toBe(note.taxablePaise);
    const delivery = paiseOf(text(doc.querySelector(".delivery-total")));
    expect(delivery).toBe(note.deliveryFeePaise);
    const grand = paiseOf(text(doc.querySelector(".grand-total")));
    expect(grand).toBe(note.totalPaise);
    expect(grand).toBe(taxable + cgstTotal + sgstTotal + delivery);
    expect(grand).toBe(order.totalPaise);
    expect(paiseOf(text(doc.querySelector("tfoot td:last-child")))).toBe(note.totalPaise);
    expect(text(doc.querySelector(".words strong"))).toBe(amountInWords(note.totalPaise));
  });

  it("credits a delivery fee as its own line", () => {
    const { note, order } = creditNoteFor(exemptOrder());
    expect(note.deliveryFeePaise).toBe(4900);
    const doc = parse(renderCreditNote(note, order, SELLER));
    const cells = [...doc.querySelectorAll("tbody tr.delivery td")].map((cell) => text(cell));
    expect(cells[1]).toBe("Delivery charges credited");
    expect(cells.at(-1)).toBe("49.00");
    expect(text(doc.querySelector(".delivery-total"))).toBe(formatRupees(4900));
    expect(text(doc.querySelector(".grand-total"))).toBe("₹189.00");
    expect(text(doc.querySelector(".words strong"))).toBe("Rupees One Hundred Eighty-Nine Only");
  });

  it("escapes everything a shopper or a staff member typed", () => {
    const script = "<script>alert(1)</script>";
    const attribute = `" onmouseover="x`;
    const { note, order } = creditNoteFor(
      orderFixture(
        [
          {
            product: { ...PRODUCTS.desiGhee, name: `${script} Ghee & 'Co'`, unit: "<b>l</b>" },
            quantity: 1,
          },
        ],
        {
          customerName: script,
          shippingAddress: `<img src=x onerror=alert(1)> ${attribute}`,
          email: `"><svg onload=alert(1)>`,
          phone: "<u>98</u>",
          state: "<marquee>Odisha</marquee>",
        },
      ),
      `Order cancelled: <a href="javascript:alert(1)">other</a>`,
    );
    const html = renderCreditNote(note, order, SELLER);
    expect(html).not.toMatch(/<script|<img|<svg|<a |<u>|<b>|<marquee/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ghee &amp; &#x27;Co&#x27;");
    expect(html).toContain("&quot; onmouseover=&quot;x");
    const doc = parse(html);
    expect(doc.querySelectorAll("script, img, svg, a, marquee, u, b")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/);
    }
    expect(text(doc.querySelector(".buyer-name"))).toBe(script);
    expect(text(doc.querySelector(".reason"))).toBe(
      `Order cancelled: <a href="javascript:alert(1)">other</a>`,
    );
    expect(text(doc.querySelector("tbody tr.line .desc"))).toBe(`${script} Ghee & 'Co'`);
  });
});

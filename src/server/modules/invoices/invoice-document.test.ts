// @vitest-environment jsdom
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OrderView } from "../../../shared/contracts/orders.ts";
import { formatRupees } from "../../../shared/money.ts";
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
import type { CreditNoteDocument } from "./credit-note-document.ts";
import { splitGst } from "./gst-figures.ts";
import {
  invoiceFileName,
  invoiceTitle,
  PROFORMA_NOTICE,
  renderInvoice,
} from "./invoice-document.tsx";
import { placeOfSupply } from "./place-of-supply.ts";
import { renderCreditNote } from "./render-credit-note.tsx";

/** Table figures are printed without the rupee sign: "1,234.50". */
const figure = (paise: number) => formatRupees(paise).replace("₹", "");
const paiseOf = (cellText: string) => Math.round(Number(cellText.replace(/[^\d.-]/g, "")) * 100);
/** The order as it is once it has left the store: its GST invoice issued 25 minutes after placing. */
const dispatched = (order: OrderView): OrderView => ({
  ...order,
  status: "out_for_delivery",
  statusAt: "2026-11-21T09:40:00.000Z",
  invoiceNumber: "FHH/26-27/000042",
  invoicedAt: "2026-11-21T09:40:00.000Z",
});

describe("amountInWords", () => {
  it("writes rupees and paise the Indian way", () => {
    expect(amountInWords(104950)).toBe("Rupees One Thousand Forty-Nine and Fifty Paise Only");
    expect(amountInWords(1234567800)).toBe(
      "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only",
    );
    expect(amountInWords(0)).toBe("Rupees Zero Only");
    expect(amountInWords(50)).toBe("Fifty Paise Only");
    expect(amountInWords(105)).toBe("Rupees One and Five Paise Only");
    expect(amountInWords(10000000)).toBe("Rupees One Lakh Only");
    expect(amountInWords(100100)).toBe("Rupees One Thousand One Only");
    expect(amountInWords(11900000)).toBe("Rupees One Lakh Nineteen Thousand Only");
    expect(amountInWords(99999999999)).toBe(
      "Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
    );
    expect(amountInWords(100000000000)).toBe("Rupees One Hundred Crore Only");
    expect(amountInWords(-4900)).toBe("Minus Rupees Forty-Nine Only");
  });

  it("always gives well-formed words", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (paise) => {
        const words = amountInWords(paise);
        expect(words).toMatch(/^(Rupees [A-Z][A-Za-z -]*|[A-Z][A-Za-z-]* Paise) Only$/);
        expect(words).not.toMatch(/undefined|Zero (?!Only)| {2}/);
      }),
    );
  });

  it("refuses amounts that are not whole paise", () => {
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});

describe("invoice helpers", () => {
  it("splits GST into halves that add up exactly", () => {
    expect(splitGst(617)).toEqual({ cgstPaise: 308, sgstPaise: 309 });
    expect(splitGst(5000)).toEqual({ cgstPaise: 2500, sgstPaise: 2500 });
    expect(splitGst(0)).toEqual({ cgstPaise: 0, sgstPaise: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (gst) => {
        const { cgstPaise, sgstPaise } = splitGst(gst);
        expect(cgstPaise + sgstPaise).toBe(gst);
        expect(sgstPaise - cgstPaise).toBeGreaterThanOrEqual(0);
        expect(sgstPaise - cgstPaise).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("dates the invoice in India's time zone", () => {
    const dateOf = (placedAt: string) => {
      const doc = parse(renderInvoice({ ...mixedOrder(), placedAt }, SELLER));
      return text(doc.querySelectorAll(".meta tr")[1]);
    };
    expect(dateOf("2026-11-21T09:15:00.000Z")).toBe("Order date 21 Nov 2026");
    // 00:30 IST on 1 October is still 30 September in UTC.
    expect(dateOf("2026-09-30T19:00:00.000Z")).toBe("Order date 1 Oct 2026");
    expect(dateOf("2026-09-03T05:00:00.000Z")).toBe("Order date 3 Sep 2026");
  });

  it("names the place of supply with its GST state code", () => {
    expect(placeOfSupply("Odisha", SELLER)).toBe("Odisha (21)");
    expect(placeOfSupply("  odisha ", SELLER)).toBe("Odisha (21)");
    expect(placeOfSupply("Orissa", SELLER)).toBe("Odisha (21)");
    expect(placeOfSupply("", SELLER)).toBe("Odisha (21)");
    expect(placeOfSupply("West Bengal", SELLER)).toBe("West Bengal (19)");
    expect(placeOfSupply("Atlantis", SELLER)).toBe("Atlantis");
  });

  it("names the file after the order", () => {
    expect(invoiceFileName("FHH-482913")).toBe("invoice-FHH-482913.html");
  });

  it("treats a line as taxed by its rate even if rounding leaves no GST", () => {
    expect(invoiceTitle([{ gstRateBps: 500, gstPaise: 0 }])).toBe("Tax Invoice");
    expect(invoiceTitle([{ gstRateBps: 0, gstPaise: 0 }])).toBe("Bill of Supply");
  });
});

describe("renderInvoice", () => {
  it("is a standalone HTML5 document with no scripts or outside resources", () => {
    const html = renderInvoice(mixedOrder(), SELLER);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<title>Proforma Invoice for order FHH-482913</title>");
    expect(renderInvoice(dispatched(mixedOrder()), SELLER)).toContain(
      "<title>Invoice-cum-Bill of Supply FHH/26-27/000042</title>",
    );
    expect(html).toContain("@page { size: A4; margin: 14mm; }");
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(|@import|https?:\/\//i);
    const doc = parse(html);
    expect(doc.head.querySelector("meta[charset]")?.getAttribute("charset")).toBe("utf-8");
    expect(doc.querySelectorAll("script, link, img, iframe")).toHaveLength(0);
  });

  it.each([
    ["exempt produce only", exemptOrder, "Bill of Supply"],
    ["5% goods only", taxedOrder, "Tax Invoice"],
    ["produce and ghee", mixedOrder, "Invoice-cum-Bill of Supply"],
  ])("once issued, is headed by the kind of supply: %s", (_, makeOrder, title) => {
    const doc = parse(renderInvoice(dispatched(makeOrder()), SELLER));
    expect(text(doc.querySelector("h1"))).toBe(title);
  });

  it("is a proforma until the order leaves the store", () => {
    const doc = parse(renderInvoice(mixedOrder(), SELLER));
    expect(text(doc.querySelector("h1"))).toBe("Proforma Invoice");
    const meta = [...doc.querySelectorAll(".meta tr")].map((row) => text(row));
    expect(meta).toEqual([
      "Order no. FHH-482913",
      "Order date 21 Nov 2026",
      "Place of supply Odisha (21)",
    ]);
    const notice = doc.querySelector(".notice");
    expect(text(notice)).toBe(
      "This is not a tax invoice. Your GST invoice is issued when your order leaves our store, and emailed to you.",
    );
    expect(text(notice)).toBe(PROFORMA_NOTICE);
    // The notice sits near the top: straight after the header, before the buyer and the lines.
    expect(doc.querySelector("header")!.nextElementSibling).toBe(notice);
    const page = text(doc.body);
    expect(page).not.toContain("Invoice no.");
    expect(page).not.toContain("Original for recipient");
    expect(page).not.toContain("Authorised signatory");
    expect(page).not.toMatch(/needs no signature/);
  });

  it("once issued, is numbered and dated in the invoice series, with the order beside it", () => {
    const doc = parse(renderInvoice(dispatched(mixedOrder()), SELLER));
    const meta = [...doc.querySelectorAll(".meta tr")].map((row) => text(row));
    expect(meta).toEqual([
      "Invoice no. FHH/26-27/000042",
      "Invoice date 21 Nov 2026",
      "Order no. FHH-482913",
      "Place of supply Odisha (21)",
    ]);
    expect(doc.querySelector(".notice")).toBeNull();
    expect(text(doc.querySelector(".copy"))).toBe("Original for recipient");
  });

  it("is dated when the goods left, not when the order was placed", () => {
    // Placed at 23:50 IST on 31 March, dispatched at 00:20 IST on 1 April: a new financial year.
    const order = {
      ...dispatched(mixedOrder()),
      placedAt: "2027-03-31T18:20:00.000Z",
      invoiceNumber: "FHH/27-28/000001",
      invoicedAt: "2027-03-31T18:50:00.000Z",
    };
    const page = text(parse(renderInvoice(order, SELLER)).body);
    expect(page).toContain("Invoice no. FHH/27-28/000001");
    expect(page).toContain("Invoice date 1 Apr 2027");
    expect(text(parse(renderInvoice(mixedOrder(), SELLER)).body)).toContain(
      "Order date 21 Nov 2026",
    );
  });

  it("carries the supplier's signature block once issued", () => {
    const doc = parse(renderInvoice(dispatched(taxedOrder()), SELLER));
    const signature = doc.querySelector(".signature");
    expect(text(signature)).toBe("For Fresh Harvest Hub Authorised signatory");
    expect(text(doc.body)).not.toMatch(/needs no signature/);
  });

  it("shows a short-picked line's supplied quantity, with what was ordered beside it", () => {
    const order = orderFixture([
      { product: PRODUCTS.tomatoes, quantity: 1_000 },
      { product: PRODUCTS.bananas, quantity: 1 },
      { product: PRODUCTS.desiGhee, quantity: 0 },
    ]);
    // Tomatoes are weighed: 1 kg packed of 2 kg ordered, in grams, shown in kilograms.
    order.lines[0]!.orderedQuantity = 2_000;
    order.lines[1]!.orderedQuantity = null;
    order.lines[2]!.orderedQuantity = 1;
    const doc = parse(renderInvoice(dispatched(order), SELLER));
    const quantities = [...doc.querySelectorAll("tbody tr.line .qty")].map((cell) => text(cell));
    expect(quantities).toEqual(["1 (ordered 2)", "1", "0 (ordered 1)"]);
    const tomatoes = [...doc.querySelectorAll("tbody tr.line")[0]!.querySelectorAll("td")];
    expect(text(tomatoes[6])).toBe("40.00");
    // The ghee was not supplied at all: what left the store is exempt produce only.
    expect(text(doc.querySelector("h1"))).toBe("Bill of Supply");
    expect(text(doc.querySelector(".grand-total"))).toBe(formatRupees(order.totalPaise));
  });

  it("shows seller, invoice, buyer, payment and status details", () => {
    const order = dispatched(mixedOrder());
    const html = renderInvoice(order, SELLER);
    const page = text(parse(html).body);
    for (const expected of [
      "Fresh Harvest Hub",
      "Plot 42, Saheed Nagar, Bhubaneswar, Odisha 751007, India",
      "GSTIN: 21AAAFH0000A1Z5",
      "State: Odisha, State code: 21",
      "Invoice no. FHH/26-27/000042",
      "Invoice date 21 Nov 2026",
      "Order no. FHH-482913",
      "Place of supply Odisha (21)",
      "Asha Patel",
      "12 Jaydev Vihar, Bhubaneswar, Odisha, 751013",
      "Phone: +919876543210",
      "Email: asha.patel@example.in",
      "Payment method UPI",
      "Details UPI asha@okaxis",
      "Payment status Paid",
      "Order status Out for delivery",
      "Please ring the bell twice.",
      "Whether tax is payable on reverse charge: No",
      "For Fresh Harvest Hub",
      "Authorised signatory",
      "support@freshharvesthub.in",
      "+91 674 254 0000",
    ]) {
      expect(page).toContain(expected);
    }
  });

  it("lists every line with HSN, quantity, unit, rate, taxable value, CGST, SGST and total", () => {
    const order = mixedOrder();
    const doc = parse(renderInvoice(order, SELLER));
    const rows = [...doc.querySelectorAll("tbody tr.line")];
    expect(rows).toHaveLength(3);
    const ghee = [...rows[2]!.querySelectorAll("td")].map((cell) => text(cell));
    expect(ghee).toEqual([
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
    const tomatoes = [...rows[0]!.querySelectorAll("td")].map((cell) => text(cell));
    expect(tomatoes).toEqual([
      "1",
      "Tomatoes",
      "0702",
      "2",
      "kg",
      "40.00",
      "80.00",
      "0%",
      "0.00",
      "0%",
      "0.00",
      "80.00",
    ]);
  });

  it.each([
    ["mixed", mixedOrder],
    ["exempt", exemptOrder],
    ["taxed, odd paise", taxedOrder],
  ])("CGST and SGST add up to the GST per line and in total (%s)", (_, makeOrder) => {
    const order = makeOrder();
    const doc = parse(renderInvoice(order, SELLER));
    const rows = [...doc.querySelectorAll("tbody tr.line")];
    let cgst = 0;
    let sgst = 0;
    rows.forEach((row, index) => {
      const line = order.lines[index]!;
      const lineCgst = paiseOf(text(row.querySelector(".cgst")));
      const lineSgst = paiseOf(text(row.querySelector(".sgst")));
      expect(lineCgst + lineSgst).toBe(line.gstPaise);
      expect(paiseOf(text(row.querySelector(".line-total")))).toBe(
        line.taxablePaise + line.gstPaise,
      );
      cgst += lineCgst;
      sgst += lineSgst;
    });
    const cgstTotal = paiseOf(text(doc.querySelector(".cgst-total")));
    const sgstTotal = paiseOf(text(doc.querySelector(".sgst-total")));
    expect(cgstTotal).toBe(cgst);
    expect(sgstTotal).toBe(sgst);
    expect(cgstTotal + sgstTotal).toBe(order.gstPaise);
    expect(paiseOf(text(doc.querySelector(".subtotal")))).toBe(order.subtotalPaise);
    const grand = paiseOf(text(doc.querySelector(".grand-total")));
    expect(grand).toBe(order.totalPaise);
    expect(grand).toBe(order.subtotalPaise + cgstTotal + sgstTotal + order.deliveryFeePaise);
    expect(paiseOf(text(doc.querySelector("tfoot td:last-child")))).toBe(order.totalPaise);
    expect(text(doc.querySelector(".words strong"))).toBe(amountInWords(order.totalPaise));
  });

  it("splits an odd-paise GST with the extra paisa in SGST", () => {
    const order = taxedOrder();
    expect(order.lines[0]!.gstPaise).toBe(617);
    const doc = parse(renderInvoice(order, SELLER));
    const first = doc.querySelector("tbody tr.line")!;
    expect(text(first.querySelector(".cgst"))).toBe("3.08");
    expect(text(first.querySelector(".sgst"))).toBe("3.09");
    expect(text(doc.querySelector(".cgst-total"))).toBe(formatRupees(616));
    expect(text(doc.querySelector(".sgst-total"))).toBe(formatRupees(618));
    expect(text(doc.querySelector(".grand-total"))).toBe(formatRupees(30824));
    expect(text(doc.querySelector(".words strong"))).toBe(
      "Rupees Three Hundred Eight and Twenty-Four Paise Only",
    );
  });

  it("charges delivery as its own line without HSN or GST", () => {
    const order = exemptOrder();
    expect(order.deliveryFeePaise).toBe(4900);
    const doc = parse(renderInvoice(order, SELLER));
    const cells = [...doc.querySelectorAll("tbody tr.delivery td")].map((cell) => text(cell));
    expect(cells[1]).toBe("Delivery charges");
    expect(cells[2]).toBe("");
    expect(cells.at(-1)).toBe(figure(4900));
    expect(text(doc.querySelector(".delivery-total"))).toBe("₹49.00");
    expect(text(doc.querySelector(".grand-total"))).toBe("₹189.00");
    expect(text(doc.querySelector(".words strong"))).toBe("Rupees One Hundred Eighty-Nine Only");
  });

  it("says delivery is free when it is", () => {
    const order = mixedOrder();
    expect(order.deliveryFeePaise).toBe(0);
    const doc = parse(renderInvoice(order, SELLER));
    expect(text(doc.querySelector("tbody tr.delivery"))).toContain("Delivery: Free");
    expect(text(doc.querySelector(".delivery-total"))).toBe("Free");
    expect(text(doc.querySelector(".grand-total"))).toBe("₹1,190.00");
    expect(text(doc.querySelector(".words strong"))).toBe(
      "Rupees One Thousand One Hundred Ninety Only",
    );
  });

  it("uses the spec's fallbacks for missing buyer details", () => {
    const order = orderFixture([{ product: PRODUCTS.tomatoes, quantity: 1_000 }], {
      customerName: "  ",
      email: "",
      phone: "",
      shippingAddress: "",
      address: "",
      city: "",
      state: "",
      pincode: "",
      notes: "",
    });
    const doc = parse(renderInvoice(order, SELLER));
    const buyer = text(doc.querySelector(".parties .box"));
    expect(buyer).toContain("Valued Customer");
    expect(buyer).toContain("Address not provided");
    expect(buyer).toContain("Phone not provided");
    expect(buyer).toContain("Email not provided");
    expect(text(doc.body)).toContain("Place of supply Odisha (21)");
    expect(text(doc.body)).not.toContain("Delivery notes");
  });

  it("builds the address from its parts when the joined one is missing", () => {
    const order = orderFixture([{ product: PRODUCTS.tomatoes, quantity: 1_000 }], {
      shippingAddress: "",
    });
    const buyer = text(parse(renderInvoice(order, SELLER)).querySelector(".parties .box"));
    expect(buyer).toContain("12 Jaydev Vihar, Bhubaneswar, Odisha, 751013");
  });

  it("escapes everything that comes from the order", () => {
    const script = "<script>alert(1)</script>";
    const attribute = `" onmouseover="x`;
    const order = orderFixture(
      [
        {
          product: { ...PRODUCTS.desiGhee, name: `${script} Ghee & 'Co'`, unit: "<b>l</b>" },
          quantity: 1,
        },
      ],
      {
        orderNumber: "FHH-<i>1</i>",
        customerName: script,
        shippingAddress: attribute,
        notes: `<img src=x onerror=alert(1)> ${attribute}`,
        email: `"><svg onload=alert(1)>`,
        phone: "<u>98</u>",
        paymentSummary: `<a href="javascript:alert(1)">UPI</a>`,
        state: "<marquee>Odisha</marquee>",
      },
    );
    const html = renderInvoice(order, SELLER);
    expect(html).not.toMatch(/<script|<img|<svg|<a |<i>|<u>|<b>|<marquee/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&quot; onmouseover=&quot;x");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ghee &amp; &#x27;Co&#x27;");
    expect(html).toContain("<title>Proforma Invoice for order FHH-&lt;i&gt;1&lt;/i&gt;</title>");

    const doc = parse(html);
    expect(doc.querySelectorAll("script, img, svg, a, marquee, i, u, b")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/);
    }
    expect(text(doc.querySelector(".buyer-name"))).toBe(script);
    expect(text(doc.querySelector("tbody tr.line .desc"))).toBe(`${script} Ghee & 'Co'`);

    const issued = renderInvoice(
      { ...dispatched(order), invoiceNumber: "FHH/<i>26</i>", invoicedAt: "<u>x</u>" },
      SELLER,
    );
    expect(issued).not.toMatch(/<script|<img|<svg|<a |<i>|<u>|<b>|<marquee/i);
    expect(text(parse(issued).querySelector(".meta td"))).toBe("FHH/<i>26</i>");
  });
});

describe("GST documents given hostile text", () => {
  const script = "<script>alert(1)</script>";
  const attribute = `" onmouseover="x`;
  const override = "\u202E";
  const hostile = (field: string) =>
    `${field} ${script} ${attribute} ${override}txt.exe ${"W".repeat(2000)}`;
  const order = dispatched(
    orderFixture([{ product: { ...PRODUCTS.desiGhee, name: hostile("ghee") }, quantity: 1 }], {
      customerName: hostile("name"),
      shippingAddress: hostile("address"),
      notes: hostile("notes"),
      paymentSummary: hostile("payment"),
    }),
  );
  const note: CreditNoteDocument = {
    number: "FCN/26-27/000003",
    issuedAt: "2026-11-21T10:05:00.000Z",
    invoiceNumber: order.invoiceNumber!,
    invoicedAt: order.invoicedAt!,
    reason: hostile("reason"),
    lines: order.lines.map((line) => ({ ...line })),
    taxablePaise: order.subtotalPaise,
    gstPaise: order.gstPaise,
    deliveryFeePaise: order.deliveryFeePaise,
    totalPaise: order.totalPaise,
  };

  it.each([
    [
      "invoice",
      () => renderInvoice(order, SELLER),
      {
        ".buyer-name": "name",
        ".buyer-name + .pre": "address",
        ".bottom .left .pre": "notes",
        "tbody tr.line .desc": "ghee",
        ".kv dd:nth-of-type(2)": "payment",
      },
    ],
    [
      "credit note",
      () => renderCreditNote(note, order, SELLER),
      {
        ".buyer-name": "name",
        ".buyer-name + .pre": "address",
        ".reason": "reason",
        "tbody tr.line .desc": "ghee",
      },
    ],
  ])("the %s shows it as text, isolated, and runs nothing", (_, render, fields) => {
    const html = render();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &quot; onmouseover=&quot;x");
    const doc = parse(html);
    expect(doc.querySelectorAll("script")).toHaveLength(0);
    for (const element of doc.querySelectorAll("*")) {
      for (const { name } of element.attributes) expect(name).not.toMatch(/^on/);
    }
    for (const [selector, field] of Object.entries(fields)) {
      expect(text(doc.querySelector(selector))).toBe(hostile(field));
    }
    const overridden: Text[] = [];
    const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue!.includes(override)) overridden.push(node as Text);
    }
    expect(overridden).toHaveLength(Object.keys(fields).length);
    for (const node of overridden) expect(node.parentElement!.closest("bdi")).not.toBeNull();
  });

  it("keeps the line breaks typed into the address, the notes and the reason", () => {
    const typed = {
      ...order,
      customerName: "Asha Patel",
      shippingAddress: "Flat 4\nJaydev Vihar",
      notes: "Ring twice.\r\nLeave at the gate.",
    };
    const invoice = parse(renderInvoice(typed, SELLER));
    const address = invoice.querySelector(".buyer-name + .pre")!;
    expect(address.querySelectorAll("br")).toHaveLength(1);
    expect(text(address)).toBe("Flat 4 Jaydev Vihar");
    const notes = invoice.querySelector(".bottom .left .pre")!;
    expect(notes.querySelectorAll("br")).toHaveLength(1);
    expect(text(notes)).toBe("Ring twice. Leave at the gate.");
    const credit = parse(
      renderCreditNote({ ...note, reason: "Cancelled\nby the shop" }, typed, SELLER),
    );
    expect(credit.querySelectorAll(".reason br")).toHaveLength(1);
    expect(credit.querySelectorAll(".buyer-name + .pre br")).toHaveLength(1);
  });
});

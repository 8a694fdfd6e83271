import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SALES_API, type SalesOrder } from "../../../shared/contracts/sales.ts";
import { formatRupees } from "../../../shared/money.ts";
import { signUpCustomer } from "../../testing/customers.ts";
import { testProduct } from "../../testing/inventory.ts";
import { pdfText } from "../../testing/pdf-text.ts";
import { APPROVED_CARD, placeTestOrder, salesManager } from "../../testing/sales.ts";
import { signInStaff } from "../../testing/staff.ts";
import { testConfig, testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { createTestGateway } from "../payments/test-gateway.ts";

// The GST invoice and credit note as PDF beside HTML: one content, for the shopper who owns the
// order and for the Sales staff, and for nobody else.
describe.each(testDatabaseKinds)("GST documents as PDF on %s", (kind) => {
  const ctx = useTestApp(kind, {}, { gateway: createTestGateway() });
  const { seller } = testConfig();
  let manager: Awaited<ReturnType<typeof salesManager>>;
  let order: Awaited<ReturnType<typeof placeTestOrder>>;
  let cancelled: SalesOrder;
  let noteId: string;
  const ids = [`pdf-a-${process.pid}`, `pdf-b-${process.pid}`];
  const names = ids.map((id) => `Test ${id}`);

  beforeAll(async () => {
    manager = await salesManager(ctx.app);
    for (const id of ids) await testProduct(ctx, id, 20);
    // The second is taxed at 5%, so the PDF has CGST and SGST amounts to show.
    await ctx.database.db.execute(
      sql`update products set gst_rate_bps = 500, hsn_code = '0405' where id = ${ids[1]!}`,
    );
    order = await placeTestOrder(
      ctx.app,
      ids.map((productId, index) => ({ productId, quantity: index + 1 })),
      APPROVED_CARD,
    );
    await manager.bringTo(order.orderNumber, "out_for_delivery");
    cancelled = (
      await manager.cancel(order.orderNumber, "address_unreachable")
    ).json() as SalesOrder;
    noteId = cancelled.creditNotes[0]!.number.replaceAll("/", "-");
  });

  const asOwner = (path: string, cookie: string | null = order.cookie) =>
    ctx.app.inject({
      method: "GET",
      url: `/api/orders/${order.orderNumber}/${path}`,
      headers: cookie ? { cookie } : {},
    });

  /** The bytes are a PDF, saved under this name, and its text is what the HTML says. */
  function expectPdf(
    response: Awaited<ReturnType<typeof asOwner>>,
    fileName: string,
    says: string[],
  ) {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="${fileName}"`);
    expect(response.headers["cache-control"]).toContain("no-store");
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    // A font of its own, embedded, so the rupee sign draws in any reader.
    expect(pdf.toString("latin1")).toContain("/FontFile2");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const words of says) expect(text, words).toContain(words);
    return text;
  }

  it("gives the shopper their invoice as a PDF with the HTML's content: number, GSTIN, lines, HSN, GST and the ₹ total", async () => {
    const invoiceNumber = cancelled.invoiceNumber!;
    const text = expectPdf(await asOwner("invoice/pdf"), `invoice-${order.orderNumber}.pdf`, [
      invoiceNumber,
      seller.gstin,
      seller.name,
      order.orderNumber,
      ...names,
      "HSN",
      "0405",
      "CGST",
      "SGST",
      "Taxable value",
      formatRupees(order.totalPaise),
      "Grand total",
    ]);
    expect(formatRupees(order.totalPaise)).toMatch(/^₹/);
    // The HTML invoice is the same document.
    const html = (await asOwner("invoice")).body;
    expect(html).toContain(invoiceNumber);
    expect(html).toContain(formatRupees(order.totalPaise));
    expect(text).not.toContain("<");
  });

  it("gives the shopper the credit note as a PDF naming the invoice it reduces", async () => {
    const note = cancelled.creditNotes[0]!;
    expectPdf(await asOwner(`credit-notes/${noteId}/pdf`), `credit-note-${noteId}.pdf`, [
      "Credit Note".toUpperCase(),
      note.number,
      cancelled.invoiceNumber!,
      seller.gstin,
      ...names,
      formatRupees(note.totalPaise),
    ]);
  });

  it("gives the Sales staff both PDFs, and a compressed PDF still reads back", async () => {
    const base = `${SALES_API}/orders/${order.orderNumber}`;
    const invoice = await manager.request({ method: "GET", url: `${base}/invoice/pdf` });
    expectPdf(invoice, `invoice-${order.orderNumber}.pdf`, [cancelled.invoiceNumber!, ...names]);
    expect(invoice.rawPayload.toString("latin1")).toContain("/FlateDecode");
    const note = await manager.request({
      method: "GET",
      url: `${base}/credit-notes/${noteId}/pdf`,
    });
    expectPdf(note, `credit-note-${noteId}.pdf`, [cancelled.creditNotes[0]!.number]);
  });

  it("answers 404 to another customer, another browser, a forged order number and a note of another order", async () => {
    const customer = await signUpCustomer(ctx.app);
    const stranger = await placeTestOrder(ctx.app, [
      { productId: `pdf-a-${process.pid}`, quantity: 1 },
    ]);
    for (const path of ["invoice/pdf", `credit-notes/${noteId}/pdf`]) {
      for (const cookie of [null, customer.cookie, stranger.cookie]) {
        const answer = await asOwner(path, cookie);
        expect(answer.statusCode, `${path} as ${cookie}`).toBe(404);
        expect(answer.headers["content-type"]).not.toBe("application/pdf");
      }
    }
    const forged = order.orderNumber.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    for (const url of [
      `/api/orders/${forged}/invoice/pdf`,
      `/api/orders/${stranger.orderNumber}/credit-notes/${noteId}/pdf`,
    ]) {
      const answer = await ctx.app.inject({
        method: "GET",
        url,
        headers: { cookie: `${order.cookie}; ${stranger.cookie}` },
      });
      expect([400, 404], url).toContain(answer.statusCode);
    }
    for (const url of [
      `${SALES_API}/orders/FHH-000000/invoice/pdf`,
      `${SALES_API}/orders/${stranger.orderNumber}/credit-notes/${noteId}/pdf`,
      `${SALES_API}/orders/not-an-order/invoice/pdf`,
    ]) {
      const answer = await manager.request({ method: "GET", url });
      expect([400, 404], url).toContain(answer.statusCode);
    }
    // Another dashboard's member is refused outright.
    const inventory = await signInStaff(ctx.app, "inventory");
    const refused = await ctx.app.inject({
      method: "GET",
      url: `${SALES_API}/orders/${order.orderNumber}/invoice/pdf`,
      headers: { cookie: inventory },
    });
    expect(refused.statusCode).toBe(403);
  });
});

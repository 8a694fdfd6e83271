import { readFile } from "node:fs/promises";
import { checkout, expectConfirmation, newBuyer, skipRating } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { seedCart } from "./support/storefront.ts";

// Download Invoice on /order-confirmation: the server's proforma invoice as one HTML file. One order.

test("Download Invoice saves invoice-{orderNumber}.html with the buyer, HSN lines, CGST/SGST and total, escaped", async ({
  page,
  context,
}) => {
  test.slow();
  // White Butter carries 5% GST (HSN 0405); Tomatoes are exempt (HSN 0702). 500 g of butter at
  // ₹640.00 per kg and 1 kg of tomatoes at ₹40.00 per kg.
  await seedCart(page, [
    { id: "white-butter", quantity: 500 },
    { id: "tomatoes", quantity: 1_000 },
  ]);
  const buyer = newBuyer({ firstName: "<b>Asha</b>", lastName: "Das" });
  const orderNumber = await checkout(page, { buyer, payment: { method: "card" } });
  await expectConfirmation(page, {
    orderNumber,
    email: buyer.email,
    payment: "Visa ending 1111",
    items: ["White Butter", "Tomatoes"],
  });
  // The name is shown as typed, never as markup.
  await expect(page.getByRole("main")).toContainText("Thank you, <b>Asha</b> Das.");
  await expect(page.getByRole("main").locator("b")).toHaveCount(0);
  // ₹320 + ₹40; GST 5% of ₹320 = ₹16; delivery ₹49 (subtotal not above ₹500).
  await expect(page.getByTestId("subtotal")).toHaveText("₹360.00");
  await expect(page.getByTestId("gst")).toHaveText("₹16.00");
  await expect(page.getByTestId("delivery")).toHaveText("₹49.00");
  await expect(page.getByTestId("total")).toHaveText("₹425.00");

  await skipRating(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Invoice" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${orderNumber}.html`);
  const html = await readFile((await download.path())!, "utf8");

  // The raw file: escaped, with no markup from the buyer's name.
  expect(html).toContain("&lt;b&gt;Asha&lt;/b&gt; Das");
  expect(html).not.toContain("<b>Asha</b>");
  expect(html).not.toMatch(/<script/i);

  // The file as a browser shows it.
  const invoice = await context.newPage();
  await invoice.setContent(html);
  // Until the order leaves the store it is a proforma: the GST invoice gets its serial at dispatch
  // (decision 25; sales-dashboard.spec.ts downloads the issued one).
  await expect(invoice).toHaveTitle(`Proforma Invoice for order ${orderNumber}`);
  await expect(invoice.getByRole("heading", { level: 1 })).toHaveText("Proforma Invoice");
  await expect(invoice.getByText("This is not a tax invoice.")).toBeVisible();
  const meta = invoice.locator("table.meta");
  await expect(meta.getByRole("row", { name: /Invoice no\./ })).toHaveCount(0);
  await expect(meta.getByRole("row", { name: /Order date/ })).toBeVisible();
  await expect(meta.getByRole("row", { name: /Order no\./ })).toContainText(orderNumber);
  await expect(meta.getByRole("row", { name: /Place of supply/ })).toContainText("Odisha (21)");

  await expect(invoice.locator(".buyer-name")).toHaveText("<b>Asha</b> Das");
  await expect(invoice.locator(".buyer-name b")).toHaveCount(0);
  const parties = invoice.locator(".parties");
  await expect(parties).toContainText("Plot 12, Saheed Nagar, Bhubaneswar, Odisha, 751007");
  await expect(parties).toContainText(buyer.email);
  await expect(parties).toContainText(`+91${buyer.phone}`);

  const lines = invoice.locator("tr.line");
  await expect(lines).toHaveCount(2);
  const cells = async (name: string) =>
    (await lines.filter({ hasText: name }).locator("td").allTextContents()).map((cell) =>
      cell.trim(),
    );
  // #, description, HSN, qty, unit, rate, taxable, CGST rate, CGST, SGST rate, SGST, total; what
  // is weighed in kg to the gram, at its price per kg.
  expect(await cells("White Butter")).toEqual([
    expect.any(String),
    "White Butter",
    "0405",
    "0.5",
    "kg",
    "640.00",
    "320.00",
    "2.5%",
    "8.00",
    "2.5%",
    "8.00",
    "336.00",
  ]);
  expect(await cells("Tomatoes")).toEqual([
    expect.any(String),
    "Tomatoes",
    "0702",
    "1",
    "kg",
    "40.00",
    "40.00",
    "0%",
    "0.00",
    "0%",
    "0.00",
    "40.00",
  ]);
  await expect(invoice.locator("tr.delivery")).toContainText("Delivery charges");
  await expect(invoice.locator("tr.delivery .line-total")).toHaveText("49.00");

  await expect(invoice.getByRole("columnheader", { name: "CGST" })).toBeVisible();
  await expect(invoice.getByRole("columnheader", { name: "SGST" })).toBeVisible();
  await expect(invoice.locator(".subtotal")).toHaveText("₹360.00");
  await expect(invoice.locator(".cgst-total")).toHaveText("₹8.00");
  await expect(invoice.locator(".sgst-total")).toHaveText("₹8.00");
  await expect(invoice.locator(".delivery-total")).toHaveText("₹49.00");
  await expect(invoice.locator(".grand-total")).toHaveText("₹425.00");
  await expect(invoice.locator(".words")).toContainText("Rupees Four Hundred Twenty-Five Only");
  await expectAccessible(invoice);
  await invoice.close();
});

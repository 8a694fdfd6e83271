import { formatRupees } from "../src/shared/money.ts";
import { lineAmountPaise } from "../src/shared/rules/measure.ts";
import { deliveryFeePaise } from "../src/shared/rules/pricing.ts";
import { checkout, newBuyer, skipRating } from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import { findOrder, openSalesBoard } from "./support/sales.ts";
import { openShop, READY_TIMEOUT, readProducts } from "./support/storefront.ts";

// Produce sold by weight (decision 53): the shopper picks a weight on the product card, the
// packer types the scale's reading, and a cash order is collected at what was packed. One order.

test("a shopper buys 750 g of tomatoes; packed at 780 g, the order page and the email say so, at the new total", async ({
  page,
  browser,
}) => {
  // Two browsers, the storefront, checkout, the board and the mail: minutes on a busy CI machine.
  test.setTimeout(180_000);
  const products = await readProducts(page.request);
  const priceOf = (id: string) => products.find((product) => product.id === id)!.pricePaise;
  const tomatoes = priceOf("tomatoes");
  const coriander = priceOf("coriander");
  // Fresh produce carries no GST; below ₹500 the delivery fee is charged and never rises.
  const ordered = lineAmountPaise(tomatoes, 750, "kg") + lineAmountPaise(coriander, 1, "bunch");
  const packedTomatoes = lineAmountPaise(tomatoes, 780, "kg");
  const packed = packedTomatoes + lineAmountPaise(coriander, 1, "bunch");
  const delivery = deliveryFeePaise(ordered);
  const totalOrdered = formatRupees(ordered + delivery);
  const newTotal = formatRupees(packed + delivery);

  // The shopper picks 750 g on the tomatoes' card: from 250 g, two steps of 250 g.
  await openShop(page, "/shop?category=vegetables");
  const card = page.getByRole("article", { name: "Tomatoes" });
  await expect(card).toContainText(`${formatRupees(tomatoes)} per kg`);
  const choice = card.getByTestId("weight-choice");
  await expect(choice).toHaveText(`250 g · ${formatRupees(lineAmountPaise(tomatoes, 250, "kg"))}`);
  await card.getByRole("button", { name: "Increase weight of Tomatoes" }).click();
  await card.getByRole("button", { name: "Increase weight of Tomatoes" }).click();
  await expect(choice).toHaveText(`750 g · ${formatRupees(lineAmountPaise(tomatoes, 750, "kg"))}`);
  await card.getByRole("button", { name: "Add 750 g Tomatoes to cart" }).click();
  await expect(page.getByText("Added 750 g Tomatoes to cart")).toBeVisible();

  // Coriander is counted: one press, one bunch.
  await openShop(page, "/shop?category=herbs");
  await page.getByRole("button", { name: "Add Coriander to cart" }).click();
  await expect(page.getByText("Added 1 Coriander to cart")).toBeVisible();

  await page.goto("/cart");
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2, { timeout: READY_TIMEOUT });
  await expect(lines.filter({ hasText: "Tomatoes" }).getByTestId("quantity")).toHaveText("750 g");
  await expect(lines.filter({ hasText: "Coriander" }).getByTestId("quantity")).toHaveText(
    "1 bunch",
  );
  await expect(page.getByTestId("subtotal")).toHaveText(formatRupees(ordered));

  const buyer = newBuyer();
  const orderNumber = await checkout(page, { buyer, payment: { method: "cash" } });
  await expect(page.getByTestId("total")).toHaveText(totalOrdered);
  await skipRating(page);

  // The Sales Manager confirms the order and packs it, typing the scale's reading in kg.
  const staff = await browser.newContext();
  try {
    const board = await staff.newPage();
    await openSalesBoard(board);
    await findOrder(board, orderNumber);
    await board.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
    await board.getByRole("button", { name: `Mark packed ${orderNumber}` }).click();
    const sheet = board.getByRole("dialog", { name: `Pack ${orderNumber}` });
    const weight = sheet.getByLabel("Tomatoes: weight packed (kg)");
    await expect(weight).toHaveValue("0.75");
    await expect(sheet.getByLabel("Coriander: units packed (bunch)")).toHaveValue("1");
    await weight.fill("0.78");
    // Within the shop's tolerance: a cash order pays for what was packed.
    await expect(sheet.getByTestId("pack-line").filter({ hasText: "Tomatoes" })).toContainText(
      `Charged for 780 g: ${formatRupees(packedTomatoes)}`,
    );
    await expect(sheet.getByText(`New total ${newTotal} (was ${totalOrdered}).`)).toBeVisible();
    await sheet.getByRole("button", { name: "Mark packed" }).click();
    await expect(board.getByRole("dialog", { name: `Order ${orderNumber}` })).toContainText(
      "Packed",
    );
  } finally {
    await staff.close();
  }

  // The shopper's order page: what was ordered, what the scale read, and the new total.
  await page.goto(`/order-confirmation?order=${orderNumber}`);
  await expect(page.getByTestId("order-status")).toContainText("Packed", {
    timeout: READY_TIMEOUT,
  });
  const details = page.getByRole("region", { name: "Order details" });
  const tomatoLine = details.getByRole("listitem").filter({ hasText: "Tomatoes" });
  await expect(tomatoLine).toContainText("Tomatoes 750 g ordered, 780 g packed");
  await expect(tomatoLine).toContainText(formatRupees(packedTomatoes));
  await expect(details.getByRole("listitem").filter({ hasText: "Coriander" })).toContainText(
    "× 1 bunch",
  );
  await expect(page.getByTestId("total")).toHaveText(newTotal);

  // The email in the demo mailbox says the same.
  const mail = await mailTo(
    page.request,
    buyer.email,
    `Your order ${orderNumber} is weighed and packed: ${newTotal}`,
  );
  expect(mail.text).toContain("750 g ordered, 780 g packed");
  expect(mail.text).toContain(`New total: ${newTotal}`);
  expect(mail.text).toContain(`New amount to pay in cash on delivery: ${newTotal}`);
});

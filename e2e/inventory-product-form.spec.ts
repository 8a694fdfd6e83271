import { PHOTO_MESSAGES } from "../src/shared/rules/product-photo.ts";
import { allowFailedResource } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import {
  findProduct,
  openEditDialog,
  openInventoryDashboard,
  shopCard,
  signInAsInventoryManager,
} from "./support/inventory.ts";
import {
  archiveMadeProducts,
  INVENTORY_API,
  madeHere,
  makeProducts,
  staffCall,
} from "./support/inventory-bulk.ts";
import { findOrder, openSalesBoard, placeCashOrder } from "./support/sales.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";

// Every test works on its own seeded or added product, so they can run side by side on one store.

test.beforeEach(async ({ page }) => {
  await signInAsInventoryManager(page);
});

test.afterEach(async ({ page }) => {
  await archiveMadeProducts(page);
});

type Made = { id: string; name: string };

// A 1x1 PNG: the smallest real photo the server can read and re-encode.
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("a product added with a photo and the suggested HSN code shows the photo in the shop", async ({
  page,
}) => {
  await openInventoryDashboard(page);
  await page.getByRole("button", { name: "Add product" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a product" });
  await dialog.getByLabel(/^Name/).fill("Red Amaranth");
  await dialog.getByLabel(/^Category/).selectOption({ label: "Vegetables" });
  await dialog.getByLabel(/^Unit/).selectOption("bunch");
  await dialog.getByLabel(/^Price/).fill("25");
  // Suggested from the category; the name of a curd would say otherwise, and still be editable.
  await expect(dialog.getByLabel(/^HSN code/)).toHaveValue("0709");
  await expect(dialog.getByText("Suggested for Vegetables. You can change them.")).toBeVisible();
  await dialog.getByLabel(/^GST rate/).selectOption({ label: "5%" });
  await expect(dialog.getByText("Suggested for Vegetables: HSN 0709 at 0%.")).toBeVisible();
  await dialog.getByRole("button", { name: "Use the suggestion" }).click();
  await expect(dialog.getByLabel(/^GST rate/)).toHaveValue("0");
  await dialog
    .getByLabel("Choose a photo")
    .setInputFiles({ name: "amaranth.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(dialog.getByRole("img", { name: /New photo of Red Amaranth/ })).toBeVisible();
  await expectAccessible(page);
  await dialog.screenshot({ path: "/tmp/inv-form-add-desktop.png" });
  const added = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname === `${INVENTORY_API}/products`,
  );
  await dialog.getByRole("button", { name: "Add product" }).click();
  // Archived after the test, so the seeded catalogue the shop's specs count stays as it is.
  madeHere(((await (await added).json()) as Made).id);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Added Red Amaranth with its new photo")).toBeVisible();

  await page.goto("/shop");
  await expect(shopCard(page, "Red Amaranth").getByRole("img").first()).toHaveAttribute(
    "src",
    /^\/photos\//,
    { timeout: READY_TIMEOUT },
  );
});

test("Save changes uploads the chosen photo; a refused one keeps the saved form open", async ({
  page,
  browserErrors,
}) => {
  await openInventoryDashboard(page);
  let dialog = await openEditDialog(page, "Chikoo");
  const input = () => dialog.getByLabel("Choose a photo");
  const save = () => dialog.getByRole("button", { name: "Save changes" });

  await input().setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  });
  await expect(dialog.getByText(PHOTO_MESSAGES.notAnImage)).toBeVisible();

  // Named and typed as a JPEG, but its bytes are text: the server reads the bytes. The price
  // saves; the photo's refusal says so and the dialog keeps its work.
  await dialog.getByLabel(/^Price/).fill("61");
  await input().setInputFiles({
    name: "chikoo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("this is not really a photo"),
  });
  await save().click();
  await expect(dialog.getByRole("alert")).toContainText(
    `Saved Chikoo, but its photo was not uploaded (${PHOTO_MESSAGES.notAnImage})`,
  );
  await expect(dialog.getByLabel(/^Price/)).toHaveValue("61");
  expect(allowFailedResource(browserErrors, 415)).toBe(1);

  await input().setInputFiles({ name: "chikoo.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(dialog.getByRole("img", { name: /New photo of Chikoo/ })).toBeVisible();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await save().click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("tr", { hasText: "Chikoo" })).toContainText("₹61");
  await page.goto("/shop");
  const photo = shopCard(page, "Chikoo").getByRole("img").first();
  await expect(photo).toHaveAttribute("src", /^\/photos\//, { timeout: READY_TIMEOUT });

  await openInventoryDashboard(page);
  dialog = await openEditDialog(page, "Chikoo");
  await expect(dialog.getByRole("img", { name: "Current photo of Chikoo" })).toHaveAttribute(
    "src",
    /^\/photos\//,
  );
  await dialog.getByRole("button", { name: "Remove photo" }).click();
  await expect(dialog.getByRole("img", { name: "Current photo of Chikoo" })).toHaveAttribute(
    "src",
    /^\/images\//,
  );
});

test("a price more than half up asks before it saves", async ({ page }) => {
  await openInventoryDashboard(page);
  const dialog = await openEditDialog(page, "Guava");
  await dialog.getByLabel(/^Price/).fill("100000");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  const confirm = page.getByRole("dialog", { name: "Save a large price change?" });
  await expect(confirm).toContainText(
    "₹80 → ₹1,00,000 per kg: 1,250 times the old price. Save anyway?",
  );
  await confirm.getByRole("button", { name: "Go back to the price" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel(/^Price/)).toHaveValue("100000");

  await dialog.getByLabel(/^Price/).fill("100");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("tr", { hasText: "Guava" })).toContainText("₹100");

  const again = await openEditDialog(page, "Guava");
  await again.getByLabel(/^Price/).fill("40");
  await again.getByRole("button", { name: "Save changes" }).click();
  await expect(confirm).toContainText("₹100 → ₹40 per kg: 60% less than the old price.");
  await confirm.getByRole("button", { name: "Save anyway" }).click();
  await expect(again).toBeHidden();
  await expect(page.locator("tr", { hasText: "Guava" })).toContainText("₹40");
});

test("the store's own export imports back: archived rows skipped, large jumps confirmed", async ({
  page,
}) => {
  // Products of its own, so the seeded catalogue the shop's specs count stays as it is.
  await openInventoryDashboard(page);
  const { products } = await makeProducts(page, { Karonda: 20_000, Phalsa: 20_000, Bael: 20_000 });
  const [gone, grouped, unclear] = products as [Made, Made, Made];
  const archived = await staffCall(
    page,
    "POST",
    `${INVENTORY_API}/products/${gone.id}/archive`,
    {},
  );
  expect(archived.status).toBe(200);
  const exported = await (await page.request.get("/api/staff/inventory/export.csv")).text();
  expect(exported).toContain(`\r\n${gone.id},${gone.name},`);
  // Only this test's rows, so other tests' changes meanwhile cannot change the counts.
  const [header, ...rows] = exported.split("\r\n");
  const mine = [
    header,
    ...rows.filter((line) => products.some((product) => line.startsWith(`${product.id},`))),
    "",
  ].join("\r\n");
  expect(mine.split("\r\n")).toHaveLength(5);
  const row = (product: Made) => `\r\n${product.id},${product.name},fruits,each,200,`;
  expect(mine).toContain(row(grouped));

  await openInventoryDashboard(page);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import price and stock changes" });
  const choose = (csv: string) =>
    dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const summary = dialog.getByTestId("import-summary");
  const apply = dialog.getByRole("button", { name: /^Apply/ });

  await choose(mine);
  await expect(summary).toHaveText("0 changed, 2 unchanged, 0 errors, 1 skipped");
  await expect(dialog.getByText(/^1 archived product skipped/)).toBeVisible();
  await expect(apply).toBeDisabled();

  // A spreadsheet's grouping is read; an ambiguous number is that row's error, listed first.
  const edited = mine
    .replace(row(grouped), row(grouped).replace(/200,$/, '"1,00,000",'))
    .replace(row(unclear), row(unclear).replace(/200,$/, '"12,5",'));
  await choose(edited);
  await expect(summary).toHaveText(/^1 changed, 0 unchanged, 1 error, 1 skipped/);
  const preview = dialog.getByTestId("import-preview");
  await expect(preview.getByRole("row").nth(1)).toContainText('Price "12,5" is unclear');
  await expect(preview.getByRole("row").nth(2)).toContainText(
    "Large jump: 500 times the old price",
  );
  await dialog.screenshot({ path: "/tmp/inv-form-csv-desktop.png" });
  await dialog.getByRole("button", { name: "Errors (1)" }).click();
  await expect(preview.getByRole("row")).toHaveCount(2);
  await expect(apply).toBeDisabled();

  await choose(edited.replace('"12,5"', "200"));
  await expect(summary).toHaveText("1 changed, 1 unchanged, 0 errors, 1 skipped");
  await dialog.getByRole("button", { name: "Changes (1)" }).click();
  await expect(preview.getByRole("row")).toHaveCount(2);
  await expect(preview.getByRole("row", { name: new RegExp(grouped.name) })).toContainText(
    "Price ₹200.00 → ₹1,00,000.00",
  );
  await expect(apply).toBeDisabled();
  await dialog.getByLabel("Apply the large price change marked below").check();
  await apply.click();
  await expect(dialog).toBeHidden();
  await findProduct(page, grouped.name);
  await expect(page.locator("tr", { hasText: grouped.name })).toContainText("₹1,00,000");
});

test("a shelf location set in the form is named on the pick list", async ({ page }) => {
  test.slow();
  await openInventoryDashboard(page);
  const dialog = await openEditDialog(page, "Drumsticks");
  await dialog.getByLabel("Shelf location (for the pick list)").fill("Cold room, shelf B2");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  const again = await openEditDialog(page, "Drumsticks");
  await expect(again.getByLabel("Shelf location (for the pick list)")).toHaveValue(
    "Cold room, shelf B2",
  );

  const orderNumber = await placeCashOrder(page, [{ productId: "drumsticks", quantity: 250 }]);
  await openSalesBoard(page);
  await findOrder(page, orderNumber);
  await page.getByRole("button", { name: `Confirm ${orderNumber}` }).click();
  await expect(page.getByRole("button", { name: `Mark packed ${orderNumber}` })).toBeVisible();
  await page.getByRole("link", { name: "Pick list" }).click();
  await expect(page.getByRole("heading", { name: "Pick list" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("row").filter({ hasText: "Drumsticks" })).toContainText(
    "Shelf: Cold room, shelf B2",
  );
});

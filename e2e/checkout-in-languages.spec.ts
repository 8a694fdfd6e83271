import { readFile } from "node:fs/promises";
import { field, newBuyer } from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { mailTo } from "./support/mailbox.ts";
import { READY_TIMEOUT } from "./support/storefront.ts";
import { wordsIn } from "./support/words.ts";

// A whole order in Odia and in Hindi, as a shopper reading only that language places it: found by
// a Latin spelling of its name, added, checked out with cash on delivery, confirmed, mailed and
// invoiced in the language. One order per language.

const SCRIPT = { or: /[\u0B00-\u0B7F]/, hi: /[\u0900-\u097F]/ } as const;

for (const [locale, lang, potatoes] of [
  ["or", "or-IN", "ଆଳୁ"],
  ["hi", "hi-IN", "आलू"],
] as const) {
  test(`an order placed in ${locale} from search to invoice stays in ${locale}`, async ({
    page,
    request,
    context,
  }) => {
    test.slow();
    const t = await wordsIn(locale);
    const buyer = newBuyer();

    await page.goto(`/${locale}/shop`);
    await page.getByRole("searchbox").fill("aloo");
    const card = page.getByTestId("product-card");
    await expect(card).toHaveCount(1, { timeout: READY_TIMEOUT });
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(potatoes);
    await card
      .getByRole("button")
      .filter({ hasText: t("Add") })
      .click();
    await page.goto(`/${locale}/cart`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await page.getByRole("button", { name: t("Proceed to Checkout") }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/checkout$`));
    await expect(page.getByRole("heading", { level: 1, name: t("Checkout") })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    const labels: [string, string][] = [
      ["First name", buyer.firstName],
      ["Last name", buyer.lastName],
      ["Email", buyer.email],
      ["Phone", buyer.phone],
      ["Street address", buyer.address],
      ["City", buyer.city],
      ["State", buyer.state],
      ["PIN code", buyer.pincode],
    ];
    for (const [label, value] of labels) {
      expect(t(label), `${label} is translated`).toMatch(SCRIPT[locale]);
      await field(page, t(label)).fill(value);
    }
    const cash = page.getByRole("radio", { name: t("Cash on Delivery"), exact: true });
    await page.locator("label").filter({ has: cash }).click();
    await expect(cash).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: t("Place Order") }).click();

    await expect(page).toHaveURL(new RegExp(`/${locale}/order-confirmation`), {
      timeout: READY_TIMEOUT,
    });
    const number = page.getByTestId("order-number");
    await expect(number).toHaveText(/^FHH-\d{6}$/, { timeout: READY_TIMEOUT });
    const orderNumber = (await number.textContent())!.trim();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("Order Confirmed!"));
    await expect(page.getByRole("main")).toContainText(potatoes);
    await expect(page.getByRole("main")).toContainText(t("Cash on Delivery"));

    const rating = page.getByRole("dialog", { name: t("How was your shopping experience?") });
    await rating.getByRole("button", { name: t("Skip") }).click();
    await expect(rating).toBeHidden();
    await expectAccessible(page);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: t("Download Invoice") }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`invoice-${orderNumber}.html`);
    const invoice = await context.newPage();
    await invoice.setContent(await readFile((await download.path())!, "utf8"));
    await expect(invoice.locator("html")).toHaveAttribute("lang", "en-IN");
    await expect(invoice.getByRole("heading", { level: 1 })).toHaveText(
      `${t("Proforma Invoice")} / Proforma Invoice`,
    );
    await expect(invoice.locator("tr.line td.desc")).toHaveText(`${potatoes} / Potatoes`);

    const mail = await mailTo(
      request,
      buyer.email,
      t("We have received your Fresh Harvest Hub order {orderNumber}", { orderNumber }),
    );
    expect(mail.subject).toMatch(SCRIPT[locale]);
    expect(mail.text).toContain(potatoes);
    expect(mail.text).toContain(t("View your order"));
    expect(mail.html).toContain(`lang="${lang}"`);
  });
}

import type { Page } from "@playwright/test";
import {
  checkoutForm,
  choosePayment,
  field,
  fillBuyer,
  newBuyer,
  openCheckout,
  submitAndConfirm,
  watchBrowserErrors,
} from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { overflowsHorizontally, seedCart } from "./support/storefront.ts";

const SAVE_TICK = "Save this address to my account";
const savedAddresses = async (page: Page) =>
  (await (await page.request.get("/api/account/addresses")).json()).addresses as {
    address: string;
    pincode: string;
    isDefault: boolean;
  }[];

test("save an address and check out with it", async ({ page, baseURL }) => {
  // Two checkouts, an axe run and a screenshot at phone width.
  test.slow();
  const buyer = newBuyer({ address: `Flat ${Date.now() % 1000}, Plot 12, Saheed Nagar` });
  // The page's requests share the browser's cookies: this signs the browser in.
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Asha Das", email: buyer.email, password: "green mangoes ripen" },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(signedUp.status()).toBe(200);

  await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
  await openCheckout(page);
  const form = checkoutForm(page);
  // Nothing saved yet: no choice, just the fields and the tick.
  await expect(form.getByRole("group", { name: "Deliver to" })).toHaveCount(0);
  await fillBuyer(page, buyer);
  await form.getByRole("checkbox", { name: SAVE_TICK }).check();
  await choosePayment(page, "cash");
  await submitAndConfirm(page);
  expect(await savedAddresses(page)).toMatchObject([
    { address: buyer.address, pincode: buyer.pincode, isDefault: true },
  ]);

  // Next time, on a phone: the saved address is chosen and filled in.
  const phone = await page.context().newPage();
  const errors = watchBrowserErrors(phone);
  await phone.setViewportSize({ width: 390, height: 844 });
  await seedCart(phone, [{ id: "spinach", quantity: 1 }]);
  await openCheckout(phone);
  const choice = checkoutForm(phone).getByRole("group", { name: "Deliver to" });
  // Inside a label, its radio is found from the page (a `has` locator is relative to the label).
  const saved = phone.getByRole("radio", { name: new RegExp(`Saved address.*${buyer.address}`) });
  await expect(saved).toBeChecked();
  await expect(field(phone, "Street address")).toHaveValue(buyer.address);
  await expect(field(phone, "PIN code")).toHaveValue(buyer.pincode);
  await expect(checkoutForm(phone).getByRole("checkbox", { name: SAVE_TICK })).toHaveCount(0);
  expect(await overflowsHorizontally(phone)).toBe(false);
  await expectAccessible(phone, {}, 'form[aria-label="Checkout"]');
  await choice.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: test.info().outputPath("checkout-saved-address-phone.png") });

  // A new address empties the fields and offers the tick; the saved one fills them again.
  const newOne = phone.getByRole("radio", { name: "A new address" });
  await choice.locator("label").filter({ has: newOne }).click();
  await expect(newOne).toBeChecked();
  await expect(field(phone, "Street address")).toHaveValue("");
  await expect(checkoutForm(phone).getByRole("checkbox", { name: SAVE_TICK })).toBeVisible();
  await choice.locator("label").filter({ has: saved }).click();
  await expect(saved).toBeChecked();
  await expect(field(phone, "Street address")).toHaveValue(buyer.address);

  await field(phone, "Phone").fill(buyer.phone);
  await choosePayment(phone, "cash");
  const orderNumber = await submitAndConfirm(phone);
  const order = await (await phone.request.get(`/api/orders/${orderNumber}`)).json();
  expect(order).toMatchObject({ address: buyer.address, pincode: buyer.pincode });
  expect(await savedAddresses(phone)).toHaveLength(1);
  expect(errors).toEqual([]);
});

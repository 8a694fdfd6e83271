import {
  allowFailedResource,
  CARD_DECLINE_REASON,
  checkoutForm,
  checkoutReady,
  DECLINED_CARD,
  DECLINED_UPI,
  expectConfirmation,
  field,
  fillBuyer,
  fillPayment,
  GOOD_CARD,
  GOOD_UPI,
  newBuyer,
  openCheckout,
  placeOrderButton,
  recordOrderPosts,
  skipRating,
  storedCart,
  submitAndConfirm,
  toast,
  UPI_DECLINE_REASON,
} from "./support/checkout.ts";
import { expect, test } from "./support/fixtures.ts";
import { cartBadge, openShop, READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// Each test goes through the shop or checkout to the confirmation: more than the default 30 s on
// a busy machine.
test.slow();

// A full purchase with each payment method, the decline-then-retry path, and a refusal for
// stock. These tests send 10 order requests (of the 30 a minute POST /api/orders allows).

test.describe("a full purchase", () => {
  test("by card, with items added in the shop: the cart empties and the order is confirmed", async ({
    page,
  }) => {
    await openShop(page, "/shop?category=vegetables");
    await page.getByRole("button", { name: "Add Onions to cart" }).click();
    await page.getByRole("button", { name: "Add Potatoes to cart" }).click();
    await expect(cartBadge(page)).toHaveText("2");
    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL("/checkout");
    await checkoutReady(page);

    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await field(page, "Delivery notes (optional)").fill("Ring the bell twice");
    await fillPayment(page, { method: "card", card: GOOD_CARD });
    const orderNumber = await submitAndConfirm(page);

    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: "Visa ending 1111",
      items: ["Onions", "Potatoes"],
    });
    await expect(page.getByRole("main")).toContainText("Thank you, Asha Das.");
    // Onions ₹45 + Potatoes ₹35, no GST on fresh produce, ₹49 delivery.
    await expect(page.getByTestId("subtotal")).toHaveText("₹80.00");
    await expect(page.getByTestId("gst")).toHaveText("₹0.00");
    await expect(page.getByTestId("delivery")).toHaveText("₹49.00");
    await expect(page.getByTestId("total")).toHaveText("₹129.00");

    // The order took the cart with it.
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await storedCart(page)).toBeNull();

    await skipRating(page);
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL("/");
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("cash on delivery: Processing... while pending, and the cart empties only once it is placed", async ({
    page,
  }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 1 },
      { id: "potatoes", quantity: 1 },
    ]);
    const posts = recordOrderPosts(page);
    // Hold the order request (it still reaches the real server) until the test lets it go.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/orders", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await released;
      await route.continue();
    });

    await openCheckout(page);
    const buyer = newBuyer({ lastName: "" });
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "cash" });
    await placeOrderButton(page).click();

    const processing = page.getByRole("button", { name: "Processing..." });
    await expect(processing).toBeVisible();
    await expect(processing).toBeDisabled();
    await expect(placeOrderButton(page)).toHaveCount(0);
    await expect(checkoutForm(page)).toHaveAttribute("aria-busy", "true");
    // Not placed yet: the cart is still there.
    await expect(page).toHaveURL("/checkout");
    await expect(cartBadge(page)).toHaveText("2");
    expect(await storedCart(page)).not.toBeNull();
    await processing.click({ force: true });

    release();
    await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: "Cash on Delivery",
      items: ["Tomatoes", "Potatoes"],
    });
    await expect(page.getByRole("main")).toContainText("Thank you, Asha.");
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await storedCart(page)).toBeNull();
    expect(posts, "one press while pending sends one order").toHaveLength(1);
  });

  test("UPI", async ({ page }) => {
    await seedCart(page, [{ id: "bananas", quantity: 1 }]);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "upi", upiId: GOOD_UPI });
    const orderNumber = await submitAndConfirm(page);
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: `UPI ${GOOD_UPI}`,
      items: ["Bananas"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("Google Pay", async ({ page }) => {
    await seedCart(page, [{ id: "onions", quantity: 1 }]);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "gpay", phone: "91234 56789", upiId: "asha.das@okaxis" });
    const orderNumber = await submitAndConfirm(page);
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: /asha\.das@okaxis/,
      items: ["Onions"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("PhonePe", async ({ page }) => {
    await seedCart(page, [{ id: "cucumber", quantity: 1 }]);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "phonepe", phone: "+91 81234 56789", upiId: "asha.das@ybl" });
    const orderNumber = await submitAndConfirm(page);
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: /asha\.das@ybl/,
      items: ["Cucumber"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
  });
});

test.describe("a declined payment", () => {
  test("by card shows the decline, keeps the cart and the form, and a good card then succeeds", async ({
    page,
    browserErrors,
  }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 1 },
      { id: "onions", quantity: 1 },
    ]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "card", card: DECLINED_CARD });
    await placeOrderButton(page).click();

    const declined = toast(page, "Payment declined");
    await expect(declined).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(declined).toContainText(CARD_DECLINE_REASON);
    await expect(declined).toContainText("No money was taken");
    await expect(page).toHaveURL("/checkout");
    await expect(cartBadge(page)).toHaveText("2");
    expect(await storedCart(page)).not.toBeNull();
    // Everything typed is still there.
    await expect(field(page, "First name")).toHaveValue(buyer.firstName);
    await expect(field(page, "Email")).toHaveValue(buyer.email);
    await expect(field(page, "PIN code")).toHaveValue(buyer.pincode);
    await expect(field(page, "Card number")).toHaveValue(DECLINED_CARD.number);
    await expect(field(page, "Name on card")).toHaveValue(DECLINED_CARD.name);
    await expect(field(page, "Expiry (MM/YY)")).toHaveValue(DECLINED_CARD.expiry);
    await expect(placeOrderButton(page)).toBeEnabled();

    await field(page, "Card number").fill(GOOD_CARD.number);
    const orderNumber = await submitAndConfirm(page);
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: "Visa ending 1111",
      items: ["Tomatoes", "Onions"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
    expect(posts).toHaveLength(2);
    expect(allowFailedResource(browserErrors, 402), "the decline's 402 answer").toBe(1);
  });

  test("by UPI shows the decline, and success@upi then succeeds", async ({
    page,
    browserErrors,
  }) => {
    await seedCart(page, [{ id: "potatoes", quantity: 2 }]);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "upi", upiId: DECLINED_UPI });
    await placeOrderButton(page).click();

    const declined = toast(page, "Payment declined");
    await expect(declined).toBeVisible({ timeout: READY_TIMEOUT });
    await expect(declined).toContainText(UPI_DECLINE_REASON);
    await expect(page).toHaveURL("/checkout");
    await expect(cartBadge(page)).toHaveText("2");
    await expect(field(page, "UPI ID")).toHaveValue(DECLINED_UPI);
    await expect(field(page, "Phone")).toHaveValue(buyer.phone);

    await field(page, "UPI ID").fill(GOOD_UPI);
    const orderNumber = await submitAndConfirm(page);
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: `UPI ${GOOD_UPI}`,
      items: ["Potatoes"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
    expect(allowFailedResource(browserErrors, 402), "the decline's 402 answer").toBe(1);
  });
});

test("more than is in stock is refused with a clear message, keeping the cart", async ({
  page,
  browserErrors,
}) => {
  // Desi Ghee is seeded with 30 in stock and no test buys it.
  await seedCart(page, [{ id: "desi-ghee", quantity: 40 }]);
  await openCheckout(page);
  await fillBuyer(page, newBuyer());
  await fillPayment(page, { method: "card", card: GOOD_CARD });
  await placeOrderButton(page).click();

  const refused = toast(page, "We could not place your order");
  await expect(refused).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(refused).toContainText(/Desi Ghee \(only \d+ left\)/);
  await expect(refused).toContainText("Please update your cart.");
  await expect(page).toHaveURL("/checkout");
  await expect(cartBadge(page)).toHaveText("40");
  await expect(placeOrderButton(page)).toBeEnabled();
  expect(allowFailedResource(browserErrors, 409), "the refusal's 409 answer").toBe(1);
});

test("a 4th open cash order for one phone is refused with what to do instead", async ({
  page,
  browserErrors,
  baseURL,
}) => {
  const buyer = newBuyer();
  // Three cash orders already on their way for this number, placed from other browsers.
  for (let index = 0; index < 3; index++) {
    const placed = await page.request.post("/api/orders", {
      headers: { origin: baseURL!, "idempotency-key": `open-cash-e2e-${Date.now()}-${index}` },
      data: {
        contact: { firstName: "Asha", lastName: "Das", email: buyer.email, phone: buyer.phone },
        delivery: { address: "Plot 12", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
        payment: { method: "cash" },
        items: [{ productId: "onions", quantity: 1 }],
      },
    });
    expect(placed.status()).toBe(201);
    await page.context().clearCookies();
  }
  await seedCart(page, [{ id: "onions", quantity: 2 }]);
  await openCheckout(page);
  await fillBuyer(page, buyer);
  await fillPayment(page, { method: "cash" });
  await placeOrderButton(page).click();

  const refused = toast(page, "We could not place your order");
  await expect(refused).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(refused).toContainText("You already have 3 cash-on-delivery orders");
  await expect(refused).toContainText("Please pay online for this order");
  await expect(page).toHaveURL("/checkout");
  await expect(cartBadge(page)).toHaveText("2");
  expect(allowFailedResource(browserErrors, 409), "the refusal's 409 answer").toBe(1);
});

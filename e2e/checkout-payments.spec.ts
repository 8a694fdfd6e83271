import {
  allowFailedResource,
  CARD_DECLINE_REASON,
  checkoutForm,
  checkoutReady,
  chooseInWindow,
  DECLINED_CARD,
  DECLINED_UPI,
  dismissToasts,
  expectConfirmation,
  field,
  fillBuyer,
  fillPayment,
  GOOD_CARD,
  GOOD_UPI,
  MESSAGES,
  newBuyer,
  openCheckout,
  outcomePanel,
  type Payment,
  payIn,
  paymentDialog,
  placeOrderButton,
  recordOrderPosts,
  skipRating,
  storedCart,
  testCheckout,
  toast,
  UPI_DECLINE_REASON,
} from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { cartBadge, openShop, READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// Purchases through the test provider's checkout window with each method, declines and retries,
// a window closed then cash on delivery, a reload while the order awaits its payment, and
// refusals. These tests send 15 order requests (of the 30 a minute POST /api/orders allows).

// Each test goes through the shop or checkout to the confirmation: more than the default 30 s on
// a busy machine.
test.slow();

test.describe("a full purchase", () => {
  test("by card, with items added in the shop: paid in the provider's window, the cart empties", async ({
    page,
  }) => {
    await openShop(page, "/shop?category=vegetables");
    // One press adds the least of each, 250 g.
    await page.getByRole("button", { name: "Add 250 g Onions to cart" }).click();
    await page.getByRole("button", { name: "Add 250 g Potatoes to cart" }).click();
    await expect(cartBadge(page)).toHaveText("2");
    await page.goto("/cart");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL("/checkout");
    await checkoutReady(page);

    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await field(page, "Delivery notes (optional)").fill("Ring the bell twice");
    await fillPayment(page, { method: "card" });
    await placeOrderButton(page).click();

    // The store's button waits while the provider's window is open; the cart is still there.
    await expect(paymentDialog(page)).toBeVisible({ timeout: READY_TIMEOUT });
    const frame = testCheckout(page);
    await expect(frame.getByTestId("test-amount")).toHaveText("₹69.00");
    await expect(frame.getByTestId("test-receipt")).toHaveText(/^FHH-\d{6}$/);
    await expect(frame.getByRole("radio", { name: "Card" })).toBeChecked();
    // The page behind the window is hidden from assistive technology while it is open.
    await expect(
      page.getByRole("button", { name: "Processing...", includeHidden: true }),
    ).toBeDisabled();
    await expect(cartBadge(page)).toHaveText("2");

    await payIn(page, { card: GOOD_CARD });
    await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: "Visa ending 1111",
      items: ["Onions", "Potatoes"],
    });
    await expect(page.getByRole("main")).toContainText("Thank you, Asha Das.");
    // 250 g of onions at ₹45 a kg (₹11.25) + 250 g of potatoes at ₹35 a kg (₹8.75), no GST on
    // fresh produce, ₹49 delivery.
    await expect(page.getByTestId("subtotal")).toHaveText("₹20.00");
    await expect(page.getByTestId("gst")).toHaveText("₹0.00");
    await expect(page.getByTestId("delivery")).toHaveText("₹49.00");
    await expect(page.getByTestId("total")).toHaveText("₹69.00");
    await expect(page.getByTestId("order-status")).toContainText("Placed");

    // The order took the cart with it.
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await storedCart(page)).toBeNull();

    await skipRating(page);
    await page.getByRole("link", { name: "Continue Shopping" }).click();
    await expect(page).toHaveURL("/");
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("cash on delivery: Processing... while pending, no payment window, and the cart empties once placed", async ({
    page,
  }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 1_000 },
      { id: "potatoes", quantity: 1_000 },
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
    await expect(paymentDialog(page)).toHaveCount(0);
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

  // Quantities as the cart keeps them: a dozen bananas, a kilo (1,000 g) of what is weighed.
  const upiPurchases: {
    payment: Payment;
    product: string;
    quantity: number;
    name: string;
    app?: string;
  }[] = [
    {
      payment: { method: "upi", upiId: GOOD_UPI },
      product: "bananas",
      quantity: 1,
      name: "Bananas",
    },
    {
      payment: { method: "gpay", upiId: "asha.das@okaxis" },
      product: "onions",
      quantity: 1_000,
      name: "Onions",
      app: "Google Pay",
    },
    {
      payment: { method: "phonepe", upiId: "asha.das@ybl" },
      product: "cucumber",
      quantity: 1_000,
      name: "Cucumber",
      app: "PhonePe",
    },
  ];
  for (const { payment, product, quantity, name, app } of upiPurchases) {
    test(`${app ?? "UPI"}: the window opens at UPI and the order is paid with the UPI ID`, async ({
      page,
    }) => {
      await seedCart(page, [{ id: product, quantity }]);
      await openCheckout(page);
      const buyer = newBuyer();
      await fillBuyer(page, buyer);
      await fillPayment(page, payment);
      await placeOrderButton(page).click();

      const frame = testCheckout(page);
      await expect(frame.getByRole("radio", { name: "UPI" })).toBeChecked({
        timeout: READY_TIMEOUT,
      });
      if (app) await expect(frame.getByText(`Paying with ${app}`)).toBeVisible();
      const upiId = (payment as { upiId: string }).upiId;
      await payIn(page, { upiId });
      await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
      const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
      await expectConfirmation(page, {
        orderNumber,
        email: buyer.email,
        payment: `UPI ${upiId}`,
        items: [name],
      });
      await expect(cartBadge(page)).toHaveCount(0);
    });
  }
});

test.describe("the payment window", () => {
  test("checks the card in the window with the spec's messages, and passes axe", async ({
    page,
    context,
  }) => {
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);
    await fillBuyer(page, newBuyer());
    await fillPayment(page, { method: "card" });
    await placeOrderButton(page).click();
    const dialog = paymentDialog(page);
    await expect(dialog).toBeVisible({ timeout: READY_TIMEOUT });
    const frame = testCheckout(page);
    await expect(frame.getByRole("radio", { name: "Card" })).toBeChecked();
    await expect(frame.getByText(/test payment provider: no money moves/)).toContainText(
      "4111 1111 1111 1111",
    );
    await expect(frame.getByText(/test payment provider: no money moves/)).toContainText(
      "4000 0000 0000 0002",
    );
    // The checkout with its payment window open (axe looks into the frame too).
    await dismissToasts(page);
    await expectAccessible(page);

    const pay = frame.getByRole("button", { name: "Pay ₹89.00" });
    const cvv = field(frame, "CVV");
    await expect(cvv).toHaveAttribute("type", "password");
    await expect(cvv).toHaveAttribute("maxlength", "3");
    await cvv.pressSequentially("12345");
    await expect(cvv).toHaveValue("123");

    // Missing details first, with the spec's one message, then each format.
    await field(frame, "Card number").fill(GOOD_CARD.number);
    await pay.click();
    const missing = frame.getByRole("alert").filter({ hasText: MESSAGES.card });
    await expect(missing).toBeVisible();
    await expect(field(frame, "Name on card")).toHaveAttribute("aria-invalid", "true");
    await expect(field(frame, "Name on card")).toHaveAccessibleDescription(MESSAGES.card);
    await expect(field(frame, "Name on card")).toBeFocused();
    await field(frame, "Card number").fill("4111 1111 1111 1112");
    await field(frame, "Name on card").fill(GOOD_CARD.name);
    await field(frame, "Expiry (MM/YY)").fill("01/24");
    await cvv.fill("12");
    await pay.click();
    await expect(field(frame, "Card number")).toHaveAccessibleDescription(MESSAGES.cardNumber);
    await expect(field(frame, "Expiry (MM/YY)")).toHaveAccessibleDescription(MESSAGES.cardExpiry);
    await expect(field(frame, "CVV")).toHaveAccessibleDescription(MESSAGES.cardCvv);
    await expect(missing).toHaveCount(0);

    await chooseInWindow(page, "UPI");
    await pay.click();
    await expect(field(frame, "UPI ID")).toHaveAccessibleDescription(MESSAGES.upi);
    await field(frame, "UPI ID").fill("asha.das");
    await pay.click();
    await expect(field(frame, "UPI ID")).toHaveAccessibleDescription(MESSAGES.upiId);
    await chooseInWindow(page, "Net banking");
    await pay.click();
    await expect(field(frame, "Bank")).toHaveAccessibleDescription(MESSAGES.bank);
    await expectAccessible(page);

    // The provider's page on its own, as axe judges a page.
    const src = await page.locator('iframe[title="Test payment checkout"]').getAttribute("src");
    const alone = await context.newPage();
    await alone.goto(src!);
    await expect(alone.getByRole("button", { name: "Pay ₹89.00" })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await expectAccessible(alone);
    await alone.close();

    // Escape closes the window: the order waits for its payment, the cart stays.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(outcomePanel(page)).toContainText(MESSAGES.cancelled);
    await expect(cartBadge(page)).toHaveText("1");
    expect(posts).toHaveLength(1);
  });
});

test.describe("a payment that does not go through", () => {
  test("a declined card: the window says why, closing it offers Try again, and a good card then pays", async ({
    page,
    browserErrors,
  }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 1_000 },
      { id: "onions", quantity: 1_000 },
    ]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "card" });
    await placeOrderButton(page).click();
    await payIn(page, { card: DECLINED_CARD });

    const frame = testCheckout(page);
    const declined = frame.getByRole("alert");
    await expect(declined).toContainText(CARD_DECLINE_REASON);
    await expect(declined).toContainText("No money was taken");
    await page.getByRole("button", { name: "Close payment window" }).click();
    await expect(paymentDialog(page)).toHaveCount(0);

    const outcome = outcomePanel(page);
    await expect(outcome).toContainText(`${MESSAGES.failed} ${CARD_DECLINE_REASON}`);
    await expect(outcome).toBeFocused();
    await expect(page.getByTestId("awaiting-payment")).toContainText(/\d{2}:\d{2} left to pay/);
    await expect(placeOrderButton(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/checkout\?order=FHH-\d{6}$/);
    await expect(cartBadge(page)).toHaveText("2");
    expect(await storedCart(page)).not.toBeNull();
    // The order is placed: what was typed is kept, and no longer changes.
    await expect(field(page, "Email")).toHaveValue(buyer.email);
    await expect(field(page, "Email")).toBeDisabled();

    await outcome.getByRole("button", { name: "Try again" }).click();
    await payIn(page, { card: GOOD_CARD });
    await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: "Visa ending 1111",
      items: ["Tomatoes", "Onions"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
    expect(posts, "one order, paid at the second try").toHaveLength(1);
    expect(allowFailedResource(browserErrors, 402), "the decline's 402 answer").toBe(1);
  });

  test("a declined UPI ID, then success@upi in the same window", async ({
    page,
    browserErrors,
  }) => {
    await seedCart(page, [{ id: "potatoes", quantity: 2_000 }]);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "upi" });
    await placeOrderButton(page).click();
    await payIn(page, { upiId: DECLINED_UPI });
    const frame = testCheckout(page);
    await expect(frame.getByRole("alert")).toContainText(UPI_DECLINE_REASON);
    await expect(field(frame, "UPI ID")).toHaveValue(DECLINED_UPI);
    // As in Razorpay's window, the shopper tries another UPI ID without leaving it.
    await field(frame, "UPI ID").fill(GOOD_UPI);
    await frame.getByRole("button", { name: /^Pay ₹/ }).click();
    await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: `UPI ${GOOD_UPI}`,
      items: ["Potatoes"],
    });
    await expect(cartBadge(page)).toHaveCount(0);
    expect(allowFailedResource(browserErrors, 402), "the decline's 402 answer").toBe(1);
  });

  test("a cancelled payment, then Pay cash on delivery instead", async ({ page }) => {
    await seedCart(page, [{ id: "cabbage", quantity: 1 }]);
    await openCheckout(page);
    const buyer = newBuyer();
    await fillBuyer(page, buyer);
    await fillPayment(page, { method: "gpay" });
    await placeOrderButton(page).click();
    await expect(paymentDialog(page)).toBeVisible({ timeout: READY_TIMEOUT });
    await testCheckout(page).getByRole("button", { name: "Cancel payment" }).click();
    await expect(paymentDialog(page)).toHaveCount(0);

    const outcome = outcomePanel(page);
    await expect(outcome).toContainText(MESSAGES.cancelled);
    await expect(cartBadge(page)).toHaveText("1");
    await outcome.getByRole("button", { name: "Pay cash on delivery instead" }).click();

    await expect(page).toHaveURL("/order-confirmation", { timeout: READY_TIMEOUT });
    await expect(toast(page, MESSAGES.switchedToCash)).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    await expectConfirmation(page, {
      orderNumber,
      email: buyer.email,
      payment: "Cash on Delivery",
      items: ["Cabbage"],
    });
    await expect(page.getByTestId("order-status")).toContainText("Placed");
    await expect(cartBadge(page)).toHaveCount(0);
  });
});

test("a reload while the order awaits its payment opens the order's page, where Pay now pays it", async ({
  page,
}) => {
  await seedCart(page, [{ id: "carrots", quantity: 1_000 }]);
  await openCheckout(page);
  const buyer = newBuyer();
  await fillBuyer(page, buyer);
  await fillPayment(page, { method: "card" });
  await placeOrderButton(page).click();
  await expect(paymentDialog(page)).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(page).toHaveURL(/\/checkout\?order=FHH-\d{6}$/);
  const orderNumber = new URL(page.url()).searchParams.get("order")!;

  await page.reload();
  await expect(page).toHaveURL(`/order-confirmation?order=${orderNumber}`, {
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByRole("heading", { level: 1, name: MESSAGES.awaiting })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  const main = page.getByRole("main");
  await expect(main).toContainText(orderNumber);
  await expect(page.getByRole("timer")).toHaveText(/^1[0-4]:\d{2} left to pay$/);
  await expect(page.getByTestId("order-status")).toContainText(MESSAGES.awaiting);
  await expect(main.getByRole("link", { name: "Download Invoice" })).toHaveCount(0);
  await expect(cartBadge(page)).toHaveText("1");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Pay now" }).click();
  await payIn(page, { card: GOOD_CARD });
  await expect(page.getByRole("heading", { level: 1, name: "Order Confirmed!" })).toBeVisible({
    timeout: READY_TIMEOUT,
  });
  await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
  await expect(page.getByTestId("order-status")).toContainText("Placed");
  await expect(main.getByRole("region", { name: "Order details" })).toContainText(
    "Visa ending 1111",
  );
  // Paid: the cart it was placed from is emptied, as checkout would have.
  await expect(cartBadge(page)).toHaveCount(0);
});

test("more than is in stock is refused with a clear message, keeping the cart", async ({
  page,
  browserErrors,
}) => {
  // Desi Ghee is seeded with 30 in stock and no test buys it.
  await seedCart(page, [{ id: "desi-ghee", quantity: 40 }]);
  await openCheckout(page);
  await fillBuyer(page, newBuyer());
  await fillPayment(page, { method: "card" });
  await placeOrderButton(page).click();

  const refused = toast(page, "We could not place your order");
  await expect(refused).toBeVisible({ timeout: READY_TIMEOUT });
  await expect(refused).toContainText(/Desi Ghee \(only \d+ liter left\)/);
  await expect(refused).toContainText("Please update your cart.");
  await expect(page).toHaveURL("/checkout");
  await expect(paymentDialog(page)).toHaveCount(0);
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
        items: [{ productId: "onions", quantity: 1_000 }],
      },
    });
    expect(placed.status()).toBe(201);
    await page.context().clearCookies();
  }
  await seedCart(page, [{ id: "onions", quantity: 2_000 }]);
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

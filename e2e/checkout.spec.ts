import type { Page } from "@playwright/test";
import {
  checkoutForm,
  choosePayment,
  dismissToasts,
  expectAccessibleWithin,
  field,
  fillBuyer,
  fillPayment,
  MESSAGES,
  newBuyer,
  openCheckout,
  orderSummary,
  PAYMENT_LABELS,
  type PaymentMethod,
  paymentRadio,
  placeOrderButton,
  recordOrderPosts,
  settledToast,
  toast,
} from "./support/checkout.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { cartBadge, READY_TIMEOUT, seedCart } from "./support/storefront.ts";

// The checkout form and everything it refuses before an order is sent. No test here places an
// order: each asserts that no POST /api/orders went out.

async function expectFigures(
  page: Page,
  figures: { subtotal: string; gst: string; delivery: string; total: string },
) {
  const box = orderSummary(page);
  await expect(box.getByTestId("subtotal")).toHaveText(figures.subtotal);
  await expect(box.getByTestId("gst")).toHaveText(figures.gst);
  await expect(box.getByTestId("delivery")).toHaveText(figures.delivery);
  await expect(box.getByTestId("total")).toHaveText(figures.total);
}

/** The field's own error, announced beside it, and the field marked invalid. */
async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

test.describe("empty cart", () => {
  test("says Your cart is empty, with Browse Products to /shop", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: MESSAGES.emptyCart })).toBeVisible({
      timeout: READY_TIMEOUT,
    });
    await expect(page.getByText(MESSAGES.emptyCartDescription)).toBeVisible();
    await expect(checkoutForm(page)).toHaveCount(0);
    await expect(placeOrderButton(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Browse Products" }).click();
    await expect(page).toHaveURL("/shop");
  });
});

test.describe("layout", () => {
  test("has contact, delivery address, payment and notes sections and the summary at the side", async ({
    page,
  }) => {
    await seedCart(page, [
      { id: "tomatoes", quantity: 2_000 },
      { id: "mint", quantity: 1 },
    ]);
    await openCheckout(page);

    const form = checkoutForm(page);
    const sections = ["Contact Information", "Delivery Address", "Payment", "Notes"];
    for (const name of sections) {
      await expect(form.getByRole("region", { name })).toBeVisible();
      await expect(form.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    const contact = form.getByRole("region", { name: "Contact Information" });
    for (const label of ["First name", "Last name", "Email", "Phone"]) {
      await expect(field(contact, label)).toBeVisible();
    }
    const address = form.getByRole("region", { name: "Delivery Address" });
    for (const label of ["Street address", "City", "State", "PIN code"]) {
      await expect(field(address, label)).toBeVisible();
    }
    await expect(
      form.getByRole("region", { name: "Notes" }).getByLabel("Delivery notes (optional)"),
    ).toBeVisible();
    await expect(placeOrderButton(page)).toBeEnabled();

    // The summary: one line per item, then the cart's breakdown.
    const summary = orderSummary(page);
    await expect(summary.getByRole("heading", { name: "Order Summary" })).toBeVisible();
    const items = summary.getByRole("list", { name: "Items" }).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: "Tomatoes" })).toContainText("2 kg × ₹40.00 per kg");
    await expect(items.filter({ hasText: "Tomatoes" })).toContainText("₹80.00");
    await expect(items.filter({ hasText: "Mint" })).toContainText("1 bunch × ₹10.00 / bunch");
    const figures = { subtotal: "₹90.00", gst: "₹0.00", delivery: "₹49.00", total: "₹139.00" };
    await expectFigures(page, figures);

    // At the side of the form on a desktop screen.
    const formBox = (await form.boundingBox())!;
    const summaryBox = (await summary.boundingBox())!;
    expect(summaryBox.x).toBeGreaterThanOrEqual(formBox.x + formBox.width);

    await expectAccessible(page);

    // Back to Cart, where the cart shows the very same breakdown.
    await page.getByRole("link", { name: "Back to Cart" }).click();
    await expect(page).toHaveURL("/cart");
    await expectFigures(page, figures);
  });

  test("delivery is ₹49.00 at a subtotal of exactly ₹500.00", async ({ page }) => {
    // 500 g of strawberries at ₹600.00 per kg and 5 kg of tomatoes at ₹40.00 per kg.
    await seedCart(page, [
      { id: "strawberries", quantity: 500 },
      { id: "tomatoes", quantity: 5_000 },
    ]);
    await openCheckout(page);
    await expectFigures(page, {
      subtotal: "₹500.00",
      gst: "₹0.00",
      delivery: "₹49.00",
      total: "₹549.00",
    });
  });

  test("delivery is Free above ₹500.00, and GST is added where the product carries it", async ({
    page,
  }) => {
    // White Butter is sold by the 500 g at ₹640.00 per kg: a kilo is two of its steps.
    await seedCart(page, [{ id: "white-butter", quantity: 1_000 }]);
    await openCheckout(page);
    await expect(orderSummary(page)).toContainText("1 kg × ₹640.00 per kg");
    await expectFigures(page, {
      subtotal: "₹640.00",
      gst: "₹32.00",
      delivery: "Free",
      total: "₹672.00",
    });
  });

  test("marks first name, email, phone, street, city, state and PIN as required", async ({
    page,
  }) => {
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    await openCheckout(page);
    for (const label of [
      "First name",
      "Email",
      "Phone",
      "Street address",
      "City",
      "State",
      "PIN code",
    ]) {
      await expect(field(page, label), label).toHaveAttribute("required", "");
    }
    await expect(field(page, "Last name")).not.toHaveAttribute("required");
    await expect(field(page, "Email")).toHaveAttribute("type", "email");
    await expect(field(page, "Phone")).toHaveAttribute("placeholder", "10-digit mobile number");
  });
});

test.describe("payment methods", () => {
  test("offers the five methods, card by default, and takes no card or UPI details itself", async ({
    page,
  }) => {
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    await openCheckout(page);

    const group = page.getByRole("group", { name: "Payment method" });
    await expect(group.getByRole("radio")).toHaveCount(5);
    for (const label of Object.values(PAYMENT_LABELS)) {
      await expect(group.getByRole("radio", { name: label, exact: true })).toHaveCount(1);
    }
    await expect(paymentRadio(page, "card")).toBeChecked();

    const payment = checkoutForm(page).getByRole("region", { name: "Payment" });
    const methods: PaymentMethod[] = ["card", "cash", "upi", "gpay", "phonepe", "card"];
    for (const method of methods) {
      await choosePayment(page, method);
      // Card numbers, CVVs and UPI IDs are typed in the provider's window, never here.
      await expect(payment.getByRole("textbox")).toHaveCount(0);
      if (method === "cash") {
        await expect(payment).toContainText("Pay in cash or by UPI to the delivery partner");
        await expect(payment).not.toContainText(MESSAGES.secureWindow);
      } else {
        await expect(payment).toContainText(MESSAGES.secureWindow);
      }
    }
    await expect(checkoutForm(page).getByLabel(/card number|cvv|upi id/i)).toHaveCount(0);

    // The methods are one radio group, usable with the arrow keys.
    await choosePayment(page, "cash");
    await paymentRadio(page, "cash").focus();
    await page.keyboard.press("ArrowRight");
    await expect(paymentRadio(page, "upi")).toBeChecked();
    await expect(payment).toContainText(MESSAGES.secureWindow);
  });
});

test.describe("validation", () => {
  test("announces the spec's messages in the spec's order, without sending anything", async ({
    page,
  }) => {
    test.slow();
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);

    // 1. Required fields first, even with a wrong format among them.
    await field(page, "PIN code").fill("75100");
    await placeOrderButton(page).click();
    await expect(toast(page, MESSAGES.required)).toBeVisible();
    await expect(toast(page, MESSAGES.pincode)).toHaveCount(0);
    await expectFieldError(page, "First name", MESSAGES.required);
    await expect(field(page, "First name")).toBeFocused();
    await settledToast(page, MESSAGES.required);
    await expectAccessible(page);
    await expectAccessibleWithin(page, "[data-sonner-toaster]");

    // 2. Then the formats (the payment method needs nothing more here: its window does).
    await fillBuyer(page, newBuyer({ email: "asha@example" }));
    await expect(field(page, "First name")).not.toHaveAttribute("aria-invalid");
    await dismissToasts(page);
    await placeOrderButton(page).click();
    await expect(toast(page, MESSAGES.email)).toBeVisible();
    await expect(toast(page, MESSAGES.required)).toHaveCount(0);
    await expectFieldError(page, "Email", MESSAGES.email);
    await expect(field(page, "Email")).toBeFocused();

    await settledToast(page, MESSAGES.email);
    await expectAccessible(page);
    await expectAccessibleWithin(page, "[data-sonner-toaster]");
    expect(posts).toEqual([]);
    await expect(page).toHaveURL("/checkout");
  });

  test("an empty first name, email, phone or street gives Please fill in all required fields", async ({
    page,
  }) => {
    test.slow();
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);
    await fillBuyer(page, newBuyer());
    await fillPayment(page, { method: "cash" });
    for (const missing of ["First name", "Email", "Phone", "Street address"]) {
      await test.step(missing, async () => {
        await dismissToasts(page);
        const good = await field(page, missing).inputValue();
        await field(page, missing).fill("   ");
        await placeOrderButton(page).click();
        await expect(toast(page, MESSAGES.required)).toBeVisible();
        await expectFieldError(page, missing, MESSAGES.required);
        await field(page, missing).fill(good);
      });
    }
    expect(posts).toEqual([]);
  });

  type FormatCase = { name: string; label: string; value: string; message: string };
  const formatCases: FormatCase[] = [
    {
      name: "email without a domain",
      label: "Email",
      value: "asha@example",
      message: MESSAGES.email,
    },
    {
      name: "email with a space",
      label: "Email",
      value: "asha das@example.com",
      message: MESSAGES.email,
    },
    { name: "5-digit phone", label: "Phone", value: "98765", message: MESSAGES.phone },
    {
      name: "number starting with 1",
      label: "Phone",
      value: "12345 67890",
      message: MESSAGES.phone,
    },
    { name: "5-digit PIN code", label: "PIN code", value: "75100", message: MESSAGES.pincode },
    {
      name: "PIN code starting with 0",
      label: "PIN code",
      value: "051007",
      message: MESSAGES.pincode,
    },
    {
      name: "PIN code with letters",
      label: "PIN code",
      value: "75100A",
      message: MESSAGES.pincode,
    },
  ];
  test("refuses wrong formats with their own messages", async ({ page }) => {
    test.slow();
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);
    await fillBuyer(page, newBuyer());
    await fillPayment(page, { method: "cash" });
    for (const { name, label, value, message } of formatCases) {
      await test.step(name, async () => {
        await dismissToasts(page);
        const good = await field(page, label).inputValue();
        await field(page, label).fill(value);
        await placeOrderButton(page).click();
        await expect(toast(page, message)).toBeVisible();
        await expectFieldError(page, label, message);
        await expect(field(page, label)).toBeFocused();
        // Correcting the field clears its error.
        await field(page, label).fill(good);
        await expect(field(page, label)).not.toHaveAttribute("aria-invalid");
      });
    }
    expect(posts).toEqual([]);
    await expect(page).toHaveURL("/checkout");
  });

  test("refuses a PIN code outside the delivery area before any payment", async ({ page }) => {
    await seedCart(page, [{ id: "tomatoes", quantity: 1_000 }]);
    const posts = recordOrderPosts(page);
    await openCheckout(page);
    await fillBuyer(page, newBuyer({ pincode: "110001", city: "New Delhi", state: "Delhi" }));
    await fillPayment(page, { method: "card" });
    await placeOrderButton(page).click();
    await expect(toast(page, MESSAGES.outsideArea)).toBeVisible();
    await expectFieldError(page, "PIN code", MESSAGES.outsideArea);
    await expect(page).toHaveURL("/checkout");
    await expect(cartBadge(page)).toHaveText("1");
    expect(posts, "no order (and so no payment) was sent").toEqual([]);
  });
});

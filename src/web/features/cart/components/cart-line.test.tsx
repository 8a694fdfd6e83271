// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../../shared/catalogue.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { amountOf } from "../../../lib/product-quantity.ts";
import { CART_STORAGE_KEY, CartProvider, useCart } from "../cart-context.tsx";
import { CartLine } from "./cart-line.tsx";

const tomatoes: Product = {
  id: "tomatoes",
  name: "Tomatoes",
  category: "vegetables",
  pricePaise: 4000,
  unit: "kg",
  step: 250,
  minimum: 500,
  image: "/images/products/tomatoes.svg",
  description: "Red",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 100_000,
  gstRateBps: 0,
  hsnCode: "0702",
};

/** The cart's lines as the cart page draws them, priced with the product as stored. */
function Lines() {
  const { items } = useCart();
  return (
    <ul>
      {items.map((item) => (
        <CartLine
          key={item.product.id}
          line={{ ...item, linePaise: amountOf(item.product, item.quantity), unavailable: false }}
        />
      ))}
    </ul>
  );
}

// The cart page in English, as the shop's English pages draw it.
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/cart"]);
});

function showCart(product: Product, quantity: number) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ product, quantity }]));
  render(
    <I18nProvider i18n={english}>
      <CartProvider>
        <Lines />
      </CartProvider>
    </I18nProvider>,
  );
}

const shown = () => screen.getByTestId("quantity").textContent;
const increase = () => screen.getByRole("button", { name: "Increase quantity of Tomatoes" });
const decrease = () => screen.getByRole("button", { name: "Decrease quantity of Tomatoes" });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe("a cart line", () => {
  it("steps a weight by the product's step, priced per kilogram", () => {
    showCart(tomatoes, 750);
    expect(shown()).toBe("750 g");
    expect(screen.getByText("₹40.00 per kg")).toBeTruthy();
    expect(screen.getByText("₹30.00")).toBeTruthy();
    act(() => fireEvent.click(increase()));
    expect(shown()).toBe("1 kg");
    act(() => fireEvent.click(increase()));
    expect(shown()).toBe("1.25 kg");
    expect(screen.getByText("₹50.00")).toBeTruthy();
  });

  it("removes the line when stepped below the product's least weight", () => {
    showCart(tomatoes, 750);
    act(() => fireEvent.click(decrease()));
    expect(shown()).toBe("500 g");
    act(() => fireEvent.click(decrease()));
    expect(screen.queryByTestId("cart-line")).toBeNull();
  });

  it("stops at one order's cap, and says so in the product's unit", () => {
    showCart(tomatoes, 49_750);
    expect(screen.queryByTestId("per-order-note")).toBeNull();
    act(() => fireEvent.click(increase()));
    expect(shown()).toBe("50 kg");
    expect(increase()).toHaveProperty("disabled", true);
    expect(screen.getByTestId("per-order-note").textContent).toBe("Up to 50 kg per order");
  });

  it("keeps whole units for what is counted", () => {
    showCart({ ...tomatoes, name: "Tomatoes", unit: "dozen", step: 1, minimum: 1, stock: 3 }, 2);
    expect(shown()).toBe("2 dozen");
    act(() => fireEvent.click(increase()));
    expect(shown()).toBe("3 dozen");
    // All there is.
    expect(increase()).toHaveProperty("disabled", true);
  });
});

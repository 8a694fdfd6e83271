// @vitest-environment jsdom

import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../../shared/catalogue.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { I18nProvider } from "../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../lib/i18n/shop-i18n.ts";
import { NavigateContext } from "../../lib/router/context.ts";
import { CartProvider } from "./cart-context.tsx";
import { useCartForCards } from "./use-cart-for-cards.ts";

const guava: Product = {
  id: "guava",
  name: "Guava",
  category: "fruits",
  pricePaise: 8000,
  unit: "kg",
  step: 250,
  minimum: 500,
  image: "/images/products/guava.svg",
  description: "Pink inside",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 40_000,
  gstRateBps: 0,
  hsnCode: "0804",
};

const navigate = async () => {};
// The toast the Add shows, in English.
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/shop"]);
});
const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={english}>
    <NavigateContext.Provider value={navigate}>
      <CartProvider>{children}</CartProvider>
    </NavigateContext.Provider>
  </I18nProvider>
);

afterEach(() => window.localStorage.clear());

describe("the cart as the product cards see it", () => {
  it("counts what the cart holds, with an Add that stays the same function as it fills", () => {
    const { result } = renderHook(() => useCartForCards(), { wrapper });
    const { add } = result.current;
    expect(result.current.quantities.get(guava.id)).toBeUndefined();

    act(() => result.current.add(guava, 750));
    act(() => result.current.add(guava, 500));
    // Grams, as the cards' weights are.
    expect(result.current.quantities.get(guava.id)).toBe(1250);
    // The cards compare it to decide whether to draw again: a new one would redraw them all.
    expect(result.current.add).toBe(add);
  });
});

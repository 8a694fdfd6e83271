import { describe, expect, it, vi } from "vitest";
import { LOCALES } from "../../../shared/i18n/locales.ts";
import { createShopI18n, loadTexts } from "./shop-i18n.ts";

const CART = "Cart, {count, plural, one {# item} other {# items}}";

async function translator(locale: (typeof LOCALES)[number]) {
  const i18n = createShopI18n(locale);
  await loadTexts(i18n, ["frame", "routes/order-confirmation"]);
  return i18n;
}

describe("the storefront's translator", () => {
  it("renders values and plurals in each language", async () => {
    const [en, or, hi] = await Promise.all(LOCALES.map(translator));
    expect(en!._(CART, { count: 1 })).toBe("Cart, 1 item");
    expect(en!._(CART, { count: 3 })).toBe("Cart, 3 items");
    expect(or!._(CART, { count: 1 })).toBe("କାର୍ଟ, 1ଟି ଜିନିଷ");
    expect(hi!._(CART, { count: 2 })).toBe("कार्ट, 2 सामान");
    expect(or!._("Loading {store}", { store: "Fresh Harvest Hub" })).toBe("Fresh Harvest Hub ଖୋଲୁଛି");
    expect(hi!._("© {year} {store}. All rights reserved.", { year: 2026, store: "FHH" })).toBe(
      "© 2026 FHH. सर्वाधिकार सुरक्षित।",
    );
  });

  it("answers a plain text in English with itself, and in the others with its translation", async () => {
    const [en, or, hi] = await Promise.all(LOCALES.map(translator));
    expect(en!._("Vegetables")).toBe("Vegetables");
    expect(or!._("Vegetables")).toBe("ପରିବା");
    expect(hi!._("Vegetables")).toBe("सब्ज़ियाँ");
  });

  it("shows a text no catalogue has as it is written, in English", async () => {
    const hi = await translator("hi");
    expect(hi._("A text written after the catalogues were made")).toBe(
      "A text written after the catalogues were made",
    );
  });

  it("loads only its own language's catalogue", async () => {
    const or = createShopI18n("or");
    const load = vi.spyOn(or, "load");
    await loadTexts(or, ["frame", "routes/order-confirmation"]);
    expect(or._("Fruits")).toBe("ଫଳ");
    // Devanagari letters, not its danda (।), which Odia writes too.
    const texts = JSON.stringify(load.mock.calls);
    expect(texts).toMatch(/[\u0B00-\u0B7F]/);
    expect(texts).not.toMatch(/[\u0900-\u0963\u0966-\u097F]/);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Product } from "../catalogue.ts";
import { fill } from "../i18n/fill.ts";
import { BUY_AGAIN_TEXT, planBuyAgain, reducedValues, type WantedLine } from "./buy-again.ts";
import { maxPerOrder, UNIT_STEPS } from "./measure.ts";

/** Weighed in quarter kilos unless a counted unit is given: stock in grams or units. */
const product = (
  id: string,
  stock: number,
  pricePaise = 4000,
  unit: Product["unit"] = "kg",
): Product => ({
  id,
  name: id,
  category: "vegetables",
  pricePaise,
  unit,
  ...(unit === "kg" ? { step: 250, minimum: 250 } : UNIT_STEPS),
  image: "/images/x.svg",
  description: "",
  organic: false,
  local: false,
  inSeason: false,
  featured: false,
  stock,
  gstRateBps: 0,
  hsnCode: "0709",
});
const line = (productId: string, wanted: number, unit = "kg"): WantedLine => ({
  productId,
  name: productId,
  unit,
  wanted,
});
const shop = (...products: Product[]) => new Map(products.map((item) => [item.id, item]));

describe("buying an order again", () => {
  it("puts each product in at today's price, adding up lines of the same product", () => {
    const plan = planBuyAgain(
      [line("okra", 2000), line("okra", 750)],
      shop(product("okra", 10_000, 5500)),
    );
    expect(plan.items).toEqual([{ product: product("okra", 10_000, 5500), quantity: 2750 }]);
    expect(plan.left).toEqual([]);
    expect(plan.reduced).toEqual([]);
  });

  it("leaves out what is no longer sold and what is sold out, saying which", () => {
    const plan = planBuyAgain([line("gone", 1000), line("okra", 2000)], shop(product("okra", 0)));
    expect(plan.items).toEqual([]);
    expect(plan.left).toEqual([
      { productId: "gone", name: "gone", reason: "archived" },
      { productId: "okra", name: "okra", reason: "sold_out" },
    ]);
  });

  it("never puts in more than today's stock, counting what the cart already holds", () => {
    const plan = planBuyAgain(
      [line("okra", 5000)],
      shop(product("okra", 4000)),
      new Map([["okra", 3000]]),
    );
    expect(plan.items).toEqual([{ product: product("okra", 4000), quantity: 1000 }]);
    expect(plan.reduced).toEqual([
      { productId: "okra", name: "okra", unit: "kg", wanted: 5000, quantity: 4000 },
    ]);
    const full = planBuyAgain(
      [line("okra", 2000)],
      shop(product("okra", 4000)),
      new Map([["okra", 4000]]),
    );
    expect(full.items).toEqual([]);
    expect(full.left).toEqual([]);
    expect(fill(BUY_AGAIN_TEXT.reduced, reducedValues(full.reduced[0]!))).toBe(
      "okra: 4 kg in your cart (you had 2 kg; that is all we can sell you today).",
    );
    const lighter = planBuyAgain([line("okra", 1500)], shop(product("okra", 750)));
    expect(fill(BUY_AGAIN_TEXT.reduced, reducedValues(lighter.reduced[0]!))).toBe(
      "okra: 750 g in your cart (you had 1.5 kg; that is all we can sell you today).",
    );
    const mint = planBuyAgain([line("mint", 6, "bunch")], shop(product("mint", 4, 2500, "bunch")));
    expect(mint.items).toEqual([{ product: product("mint", 4, 2500, "bunch"), quantity: 4 }]);
    expect(fill(BUY_AGAIN_TEXT.reduced, reducedValues(mint.reduced[0]!))).toBe(
      "mint: 4 bunch in your cart (you had 6 bunch; that is all we can sell you today).",
    );
  });

  it("never puts in more than one order takes: 50 kg, or 50 units", () => {
    const plan = planBuyAgain(
      [line("okra", 40_000), line("okra", 30_000), line("mint", 80, "bunch")],
      shop(product("okra", 100_000), product("mint", 100, 2500, "bunch")),
    );
    expect(plan.items.map((item) => item.quantity)).toEqual([50_000, 50]);
  });

  it("keeps every cart line within today's stock and one order's cap, whatever the order held", () => {
    // a is weighed (grams), b and c are counted; each up to some multiple of one order's cap.
    const UNIT = { a: "kg", b: "bunch", c: "each" } as const;
    type Id = keyof typeof UNIT;
    const ids = ["a", "b", "c"] as const;
    const upTo = (id: Id, times: number, min = 0) =>
      fc.integer({ min, max: Math.round(times * maxPerOrder(UNIT[id])) });
    const amounts = (times: number) =>
      fc.record({ a: upTo("a", times), b: upTo("b", times), c: upTo("c", times) });
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(...ids).chain((id) => fc.tuple(fc.constant(id), upTo(id, 1.6, 1))),
        ),
        amounts(1.8),
        amounts(1.2),
        (lines, stock, cart) => {
          const today = shop(...ids.map((id) => product(id, stock[id], 4000, UNIT[id])));
          const inCart = new Map(ids.map((id) => [id, Math.min(cart[id], stock[id])]));
          const plan = planBuyAgain(
            lines.map(([id, wanted]) => line(id, wanted, UNIT[id])),
            today,
            inCart,
          );
          for (const item of plan.items) {
            const total = item.quantity + (inCart.get(item.product.id as Id) ?? 0);
            expect(Number.isInteger(item.quantity)).toBe(true);
            expect(item.quantity).toBeGreaterThan(0);
            expect(total).toBeLessThanOrEqual(
              Math.min(item.product.stock, maxPerOrder(item.product.unit)),
            );
          }
        },
      ),
    );
  });
});

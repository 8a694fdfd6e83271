import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Product } from "../catalogue.ts";
import { BUY_AGAIN_TEXT, planBuyAgain, type WantedLine } from "./buy-again.ts";
import { MAX_PER_ORDER } from "./order-quantity.ts";

const product = (id: string, stock: number, pricePaise = 4000): Product => ({
  id,
  name: id,
  category: "vegetables",
  pricePaise,
  unit: "kg",
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
const line = (productId: string, wanted: number): WantedLine => ({
  productId,
  name: productId,
  unit: "kg",
  wanted,
});
const shop = (...products: Product[]) => new Map(products.map((item) => [item.id, item]));

describe("buying an order again", () => {
  it("puts each product in at today's price, adding up lines of the same product", () => {
    const plan = planBuyAgain([line("okra", 2), line("okra", 1)], shop(product("okra", 10, 5500)));
    expect(plan.items).toEqual([{ product: product("okra", 10, 5500), quantity: 3 }]);
    expect(plan.left).toEqual([]);
    expect(plan.reduced).toEqual([]);
  });

  it("leaves out what is no longer sold and what is sold out, saying which", () => {
    const plan = planBuyAgain([line("gone", 1), line("okra", 2)], shop(product("okra", 0)));
    expect(plan.items).toEqual([]);
    expect(plan.left).toEqual([
      { productId: "gone", name: "gone", reason: "archived" },
      { productId: "okra", name: "okra", reason: "sold_out" },
    ]);
  });

  it("never puts in more than today's stock, counting what the cart already holds", () => {
    const plan = planBuyAgain([line("okra", 5)], shop(product("okra", 4)), new Map([["okra", 3]]));
    expect(plan.items).toEqual([{ product: product("okra", 4), quantity: 1 }]);
    expect(plan.reduced).toEqual([
      { productId: "okra", name: "okra", unit: "kg", wanted: 5, quantity: 4 },
    ]);
    const full = planBuyAgain([line("okra", 2)], shop(product("okra", 4)), new Map([["okra", 4]]));
    expect(full.items).toEqual([]);
    expect(full.left).toEqual([]);
    expect(BUY_AGAIN_TEXT.reduced(full.reduced[0]!)).toBe(
      "okra: 4 kg in your cart (you had 2; that is all we can sell you today).",
    );
  });

  it("keeps every cart line within today's stock and one order's cap, whatever the order held", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.integer({ min: 1, max: 80 }))),
        fc.record({ a: fc.nat(90), b: fc.nat(90), c: fc.nat(90) }),
        fc.record({ a: fc.nat(60), b: fc.nat(60), c: fc.nat(60) }),
        (lines, stock, cart) => {
          const today = shop(...Object.entries(stock).map(([id, units]) => product(id, units)));
          const inCart = new Map(
            Object.entries(cart).map(([id, units]) => [id, Math.min(units, stock[id as "a"])]),
          );
          const plan = planBuyAgain(
            lines.map(([id, wanted]) => line(id, wanted)),
            today,
            inCart,
          );
          for (const item of plan.items) {
            const total = item.quantity + (inCart.get(item.product.id) ?? 0);
            expect(item.quantity).toBeGreaterThan(0);
            expect(total).toBeLessThanOrEqual(Math.min(item.product.stock, MAX_PER_ORDER));
          }
        },
      ),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CartLine, mergeCartLines } from "./cart-merge.ts";
import { MAX_PER_ORDER_UNITS, maxPerOrder, quantityProblem } from "./measure.ts";

const line = (productId: string, quantity: number): CartLine => ({ productId, quantity });

/** Tomatoes, okra and paneer are weighed (grams); the rest are counted, as the server answers. */
const UNITS: Record<string, string> = {
  tomatoes: "kg",
  okra: "kg",
  paneer: "kg",
  spinach: "bunch",
  mint: "bunch",
  ghee: "each",
};
const unitOf = (productId: string) => UNITS[productId] ?? "each";
/** Weighed products in the seed's 250 g steps; counted ones in whole units. */
const stepsOf = (productId: string) =>
  unitOf(productId) === "kg"
    ? { unit: "kg", step: 250, minimum: 250 }
    : { unit: unitOf(productId), step: 1, minimum: 1 };
const merge = (browser: readonly CartLine[], account: readonly CartLine[]) =>
  mergeCartLines(browser, account, stepsOf);

describe("merging the browser's cart into the account's", () => {
  it("adds the same product's quantities and keeps the rest of both carts", () => {
    expect(
      merge(
        [line("tomatoes", 2000), line("spinach", 1)],
        [line("paneer", 500), line("tomatoes", 3250)],
      ),
    ).toEqual([line("tomatoes", 5250), line("spinach", 1), line("paneer", 500)]);
  });

  it("caps a product at the most one order takes", () => {
    expect(MAX_PER_ORDER_UNITS).toBe(50);
    expect(merge([line("mint", 30)], [line("mint", 30)])).toEqual([line("mint", 50)]);
    expect(merge([line("mint", 50)], [line("mint", 1)])).toEqual([line("mint", 50)]);
    expect(merge([line("mint", 49)], [line("mint", 1)])).toEqual([line("mint", 50)]);
  });

  it("caps a weighed product at 50 kg, in grams", () => {
    expect(merge([line("okra", 30_000)], [line("okra", 30_000)])).toEqual([line("okra", 50_000)]);
    expect(merge([line("okra", 49_750)], [line("okra", 250)])).toEqual([line("okra", 50_000)]);
    expect(merge([line("okra", 49_500)], [line("okra", 250)])).toEqual([line("okra", 49_750)]);
    // A counted product stays capped at 50 units, and so does one the server does not know.
    expect(merge([line("ghee", 60)], [])).toEqual([line("ghee", 50)]);
    expect(merge([line("gone", 80)], [])).toEqual([line("gone", 50)]);
  });

  it("is either cart alone when the other is empty", () => {
    expect(merge([], [line("paneer", 2000)])).toEqual([line("paneer", 2000)]);
    expect(merge([line("paneer", 2000)], [])).toEqual([line("paneer", 2000)]);
    expect(merge([], [])).toEqual([]);
  });

  it("ignores lines with nothing in them", () => {
    expect(merge([line("mint", 0)], [line("basil", -2), line("okra", 1000)])).toEqual([
      line("okra", 1000),
    ]);
  });

  const ids = fc.constantFrom("tomatoes", "spinach", "paneer", "mint", "okra", "ghee");
  /** A cart as the shop keeps it: each quantity on its product's steps, within the cap. */
  const onStepsQuantity = (productId: string) => {
    const { step, minimum, unit } = stepsOf(productId);
    return fc
      .integer({ min: 0, max: Math.floor((maxPerOrder(unit) - minimum) / step) })
      .map((steps) => minimum + steps * step);
  };
  const cartOf = (quantity: (productId: string) => fc.Arbitrary<number>) =>
    fc.uniqueArray(
      ids.chain((productId) =>
        fc.record({ productId: fc.constant(productId), quantity: quantity(productId) }),
      ),
      { selector: (item) => item.productId, maxLength: 6 },
    );
  const cart = cartOf(onStepsQuantity);
  /** A cart from an older page or a hand-edited request: any whole quantity up to the cap. */
  const anyCart = cartOf((productId) =>
    fc.integer({ min: 1, max: maxPerOrder(unitOf(productId)) }),
  );
  const quantityOf = (lines: CartLine[], id: string) =>
    lines.find((item) => item.productId === id)?.quantity ?? 0;

  it("holds every product of either cart once, with the capped sum of its quantities", () => {
    fc.assert(
      fc.property(cart, cart, (browser, account) => {
        const merged = merge(browser, account);
        const everyId = new Set([...browser, ...account].map((item) => item.productId));
        expect(merged.map((item) => item.productId).sort()).toEqual([...everyId].sort());
        for (const id of everyId) {
          expect(quantityOf(merged, id)).toBe(
            Math.min(quantityOf(browser, id) + quantityOf(account, id), maxPerOrder(unitOf(id))),
          );
        }
      }),
    );
  });

  it("keeps every quantity on its product's steps, never above the capped sum", () => {
    fc.assert(
      fc.property(anyCart, anyCart, (browser, account) => {
        for (const { productId, quantity } of merge(browser, account)) {
          const steps = { name: productId, ...stepsOf(productId) };
          expect(quantityProblem(steps, quantity)).toBeUndefined();
          expect(quantity).toBeLessThanOrEqual(
            Math.min(
              quantityOf(browser, productId) + quantityOf(account, productId),
              maxPerOrder(unitOf(productId)),
            ),
          );
        }
      }),
    );
  });

  it("keeps the browser's order, then the account's other lines in theirs", () => {
    fc.assert(
      fc.property(cart, cart, (browser, account) => {
        const order = merge(browser, account).map((item) => item.productId);
        const browserIds = browser.map((item) => item.productId);
        const accountOnly = account
          .map((item) => item.productId)
          .filter((id) => !browserIds.includes(id));
        expect(order).toEqual([...browserIds, ...accountOnly]);
      }),
    );
  });

  it("gives the same quantities whichever cart comes first", () => {
    fc.assert(
      fc.property(cart, cart, (a, b) => {
        const sorted = (lines: CartLine[]) =>
          [...lines].sort((x, y) => x.productId.localeCompare(y.productId));
        expect(sorted(merge(a, b))).toEqual(sorted(merge(b, a)));
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../catalogue.ts";
import { type CartLine, mergeCartLines } from "./cart-merge.ts";

const line = (productId: string, quantity: number): CartLine => ({ productId, quantity });

describe("merging the browser's cart into the account's", () => {
  it("adds the same product's quantities and keeps the rest of both carts", () => {
    expect(
      mergeCartLines(
        [line("tomatoes", 2), line("spinach", 1)],
        [line("paneer", 1), line("tomatoes", 3)],
      ),
    ).toEqual([line("tomatoes", 5), line("spinach", 1), line("paneer", 1)]);
  });

  it("caps a product at the most one order takes", () => {
    expect(MAX_LINE_QUANTITY).toBe(50);
    expect(mergeCartLines([line("mint", 30)], [line("mint", 30)])).toEqual([line("mint", 50)]);
    expect(mergeCartLines([line("mint", 50)], [line("mint", 1)])).toEqual([line("mint", 50)]);
    expect(mergeCartLines([line("mint", 49)], [line("mint", 1)])).toEqual([line("mint", 50)]);
  });

  it("is either cart alone when the other is empty", () => {
    expect(mergeCartLines([], [line("paneer", 2)])).toEqual([line("paneer", 2)]);
    expect(mergeCartLines([line("paneer", 2)], [])).toEqual([line("paneer", 2)]);
    expect(mergeCartLines([], [])).toEqual([]);
  });

  it("ignores lines with nothing in them", () => {
    expect(mergeCartLines([line("mint", 0)], [line("basil", -2), line("okra", 1)])).toEqual([
      line("okra", 1),
    ]);
  });

  const ids = fc.constantFrom("tomatoes", "spinach", "paneer", "mint", "okra", "ghee");
  const cart = fc.uniqueArray(
    fc.record({ productId: ids, quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }) }),
    { selector: (item) => item.productId, maxLength: 6 },
  );
  const quantityOf = (lines: CartLine[], id: string) =>
    lines.find((item) => item.productId === id)?.quantity ?? 0;

  it("holds every product of either cart once, with the capped sum of its quantities", () => {
    fc.assert(
      fc.property(cart, cart, (browser, account) => {
        const merged = mergeCartLines(browser, account);
        const everyId = new Set([...browser, ...account].map((item) => item.productId));
        expect(merged.map((item) => item.productId).sort()).toEqual([...everyId].sort());
        for (const id of everyId) {
          expect(quantityOf(merged, id)).toBe(
            Math.min(quantityOf(browser, id) + quantityOf(account, id), MAX_LINE_QUANTITY),
          );
        }
      }),
    );
  });

  it("keeps the browser's order, then the account's other lines in theirs", () => {
    fc.assert(
      fc.property(cart, cart, (browser, account) => {
        const order = mergeCartLines(browser, account).map((item) => item.productId);
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
        expect(sorted(mergeCartLines(a, b))).toEqual(sorted(mergeCartLines(b, a)));
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import type { CartLine } from "../../../shared/rules/cart-merge.ts";
import { maxPerOrder } from "../../../shared/rules/measure.ts";
import { linesKey, rebaseLines } from "./account-cart-lines.ts";

/** Tomatoes are weighed (grams); the rest are counted. */
const unitOf = (productId: string) => (productId === "tomatoes" ? "kg" : "bunch");

const lines = (spec: Record<string, number>): CartLine[] =>
  Object.entries(spec).map(([productId, quantity]) => ({ productId, quantity }));

describe("the account's answer with the changes made while it was on its way", () => {
  const sent = lines({ tomatoes: 2, spinach: 1 });
  const answer = lines({ tomatoes: 5, spinach: 1, paneer: 1 });

  it("is the answer itself when nothing changed", () => {
    expect(rebaseLines(answer, sent, sent, unitOf)).toEqual(answer);
  });

  it("adds what was added meanwhile, on top of the account's quantities", () => {
    expect(
      rebaseLines(answer, sent, lines({ tomatoes: 3, spinach: 1, paneer: 2 }), unitOf),
    ).toEqual(lines({ tomatoes: 6, spinach: 1, paneer: 3 }));
  });

  it("keeps a line removed meanwhile removed, and lowers a lowered one", () => {
    expect(rebaseLines(answer, sent, lines({ tomatoes: 1 }), unitOf)).toEqual(
      lines({ tomatoes: 4, paneer: 1 }),
    );
  });

  it("keeps the order on screen, then the account's other lines", () => {
    const onScreen = lines({ spinach: 1, tomatoes: 2, mint: 1 });
    expect(rebaseLines(answer, sent, onScreen, unitOf).map((line) => line.productId)).toEqual([
      "spinach",
      "tomatoes",
      "mint",
      "paneer",
    ]);
  });

  it("never goes past the most one order takes, in units or in grams", () => {
    const most = maxPerOrder("bunch");
    expect(
      rebaseLines(lines({ mint: most }), lines({ mint: 1 }), lines({ mint: 9 }), unitOf),
    ).toEqual(lines({ mint: most }));
    expect(
      rebaseLines(
        lines({ tomatoes: 49_500 }),
        lines({ tomatoes: 500 }),
        lines({ tomatoes: 1500 }),
        unitOf,
      ),
    ).toEqual(lines({ tomatoes: maxPerOrder("kg") }));
  });
});

describe("comparing carts", () => {
  it("ignores order and sees any quantity or product change", () => {
    const cart = lines({ tomatoes: 2, spinach: 1 });
    expect(linesKey(cart)).toBe(linesKey([...cart].reverse()));
    expect(linesKey(cart)).not.toBe(linesKey(lines({ tomatoes: 2, spinach: 2 })));
    expect(linesKey(cart)).not.toBe(linesKey(lines({ tomatoes: 2 })));
    expect(linesKey([])).toBe(linesKey([]));
  });
});

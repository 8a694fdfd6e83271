import { describe, expect, it } from "vitest";
import { MEASURE_MESSAGES } from "../../../shared/rules/measure.ts";
import { changeChecks, quantityOf } from "./change-checks.ts";

const unitOf = (productId: string) => ({ tomatoes: "kg", paneer: "kg", mint: "bunch" })[productId];

describe("the planner's change: quantities as typed", () => {
  it("takes kilograms with up to three decimals for what is weighed, and sends grams", () => {
    expect(quantityOf("12.5", "kg")).toEqual({ quantity: 12_500 });
    expect(quantityOf(" 0.75 ", "kg")).toEqual({ quantity: 750 });
    expect(quantityOf("1,200", "kg")).toEqual({ quantity: 1_200_000 });
    expect(quantityOf("3", "bunch")).toEqual({ quantity: 3 });
  });

  it("says what is wrong in the measure's words", () => {
    expect(quantityOf("1.2345", "kg").problem).toBe(MEASURE_MESSAGES.weightText);
    expect(quantityOf("12.5 kg", "kg").problem).toBe(MEASURE_MESSAGES.weightText);
    expect(quantityOf("", "kg").problem).toBe(MEASURE_MESSAGES.weightText);
    expect(quantityOf("2.5", "bunch").problem).toBe(MEASURE_MESSAGES.unitsText);
  });

  it("sends the schema's request in grams and units", () => {
    const checked = changeChecks(
      3,
      unitOf,
    )({
      lines: [
        { productId: "tomatoes", quantity: "12.5" },
        { productId: "mint", quantity: "4" },
      ],
    });
    expect(checked).toEqual({
      ok: true,
      request: {
        lines: [
          { productId: "tomatoes", quantity: 12_500 },
          { productId: "mint", quantity: 4 },
        ],
        version: 3,
      },
    });
  });

  it("puts a wrongly typed weight on its own field, beside the schema's problems", () => {
    const checked = changeChecks(
      3,
      unitOf,
    )({
      lines: [
        { productId: "tomatoes", quantity: "12,5" },
        { productId: "paneer", quantity: "0.5" },
        { productId: "", quantity: "2" },
      ],
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems["lines.0.quantity"]).toBe(MEASURE_MESSAGES.weightText);
    expect(checked.problems["lines.1.quantity"]).toBeUndefined();
    expect(checked.problems["lines.2.productId"]).toBeTruthy();
  });
});

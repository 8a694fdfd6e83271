import { describe, expect, it } from "vitest";
import { MEASURE_MESSAGES } from "../../../../shared/rules/measure.ts";
import { PRODUCT_FORM_MESSAGES } from "../../../../shared/rules/product-form.ts";
import {
  EMPTY_PRODUCT_FORM,
  type ProductFormValues,
  productFormChecks,
} from "./product-form-values.ts";

const valid: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: "Drumsticks",
  category: "vegetables",
  unit: "kg",
  price: "45.50",
  hsnCode: "0709",
};

function errorsOf(values: Partial<ProductFormValues>) {
  const checked = productFormChecks({ ...valid, ...values });
  return checked.ok ? {} : checked.problems;
}

describe("the product form", () => {
  it("turns rupees into paise for the shared schema", () => {
    const checked = productFormChecks(valid);
    expect(checked).toMatchObject({
      ok: true,
      request: { pricePaise: 4550, gstRateBps: 0, lowStockThreshold: 10_000 },
    });
  });

  it("says what is wrong with a price of 0, a negative one or one that is not an amount", () => {
    expect(errorsOf({ price: "0" }).price).toBe(PRODUCT_FORM_MESSAGES.priceNotPositive);
    expect(errorsOf({ price: "-5" }).price).toBe(PRODUCT_FORM_MESSAGES.priceNotPositive);
    expect(errorsOf({ price: "45.555" }).price).toBe(PRODUCT_FORM_MESSAGES.priceFormat);
    expect(errorsOf({ price: "" }).price).toBe(PRODUCT_FORM_MESSAGES.priceRequired);
  });

  it("refuses an unknown category and an HSN code that is not 4, 6 or 8 digits", () => {
    expect(errorsOf({ category: "" }).category).toBe(PRODUCT_FORM_MESSAGES.categoryUnknown);
    for (const hsnCode of ["123", "12345", "0709ab", "1234567"]) {
      expect(errorsOf({ hsnCode }).hsnCode).toBe("HSN code must be 4, 6 or 8 digits");
    }
    expect(errorsOf({ hsnCode: "07099990" })).toEqual({});
  });

  it("takes a weighed product's threshold in kilograms and its steps in grams", () => {
    expect(
      productFormChecks({ ...valid, lowStockThreshold: "2.5", step: "100", minimum: "500" }),
    ).toMatchObject({ ok: true, request: { lowStockThreshold: 2_500, step: 100, minimum: 500 } });
    expect(errorsOf({ lowStockThreshold: "2.5555" }).lowStockThreshold).toBe(
      MEASURE_MESSAGES.weightText,
    );
    expect(errorsOf({ lowStockThreshold: "" }).lowStockThreshold).toBe(
      PRODUCT_FORM_MESSAGES.thresholdInvalid,
    );
    expect(errorsOf({ step: "0.25" }).step).toBe(PRODUCT_FORM_MESSAGES.stepInvalid);
    expect(errorsOf({ minimum: "" }).minimum).toBe(PRODUCT_FORM_MESSAGES.minimumInvalid);
    expect(errorsOf({ step: "60000" }).step).toBe(PRODUCT_FORM_MESSAGES.stepTooLarge);
  });

  it("sells a counted product in ones, its threshold a whole number", () => {
    const counted = { ...valid, unit: "bunch" as const, step: "250", minimum: "250" };
    expect(productFormChecks(counted)).toMatchObject({
      ok: true,
      request: { lowStockThreshold: 10, step: 1, minimum: 1 },
    });
    expect(errorsOf({ unit: "bunch", lowStockThreshold: "2.5" }).lowStockThreshold).toBe(
      PRODUCT_FORM_MESSAGES.thresholdInvalid,
    );
  });
});

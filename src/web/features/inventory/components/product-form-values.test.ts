import { describe, expect, it } from "vitest";
import { PRODUCT_FORM_MESSAGES } from "../../../../shared/rules/product-form.ts";
import {
  EMPTY_PRODUCT_FORM,
  type ProductFormValues,
  productFormResolver,
} from "./product-form-values.ts";

const valid: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: "Drumsticks",
  category: "vegetables",
  unit: "kg",
  price: "45.50",
  hsnCode: "0709",
};

async function errorsOf(values: Partial<ProductFormValues>) {
  // biome-ignore lint/suspicious/noExplicitAny: the resolver's context and options are unused
  const result = await productFormResolver({ ...valid, ...values }, undefined, {} as any);
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, error?.message]),
  );
}

describe("the product form", () => {
  it("turns rupees into paise for the shared schema", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: as above
    const result = await productFormResolver(valid, undefined, {} as any);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ pricePaise: 4550, gstRateBps: 0, lowStockThreshold: 10 });
  });

  it("says what is wrong with a price of 0, a negative one or one that is not an amount", async () => {
    expect((await errorsOf({ price: "0" })).price).toBe(PRODUCT_FORM_MESSAGES.priceNotPositive);
    expect((await errorsOf({ price: "-5" })).price).toBe(PRODUCT_FORM_MESSAGES.priceNotPositive);
    expect((await errorsOf({ price: "45.555" })).price).toBe(PRODUCT_FORM_MESSAGES.priceFormat);
    expect((await errorsOf({ price: "" })).price).toBe(PRODUCT_FORM_MESSAGES.priceRequired);
  });

  it("refuses an unknown category and an HSN code that is not 4, 6 or 8 digits", async () => {
    expect((await errorsOf({ category: "" })).category).toBe(PRODUCT_FORM_MESSAGES.categoryUnknown);
    for (const hsnCode of ["123", "12345", "0709ab", "1234567"]) {
      expect((await errorsOf({ hsnCode })).hsnCode).toBe("HSN code must be 4, 6 or 8 digits");
    }
    expect(await errorsOf({ hsnCode: "07099990" })).toEqual({});
  });

  it("refuses a threshold that is not a whole number", async () => {
    expect((await errorsOf({ lowStockThreshold: "2.5" })).lowStockThreshold).toBe(
      PRODUCT_FORM_MESSAGES.thresholdInvalid,
    );
    expect((await errorsOf({ lowStockThreshold: "" })).lowStockThreshold).toBe(
      PRODUCT_FORM_MESSAGES.thresholdInvalid,
    );
  });
});

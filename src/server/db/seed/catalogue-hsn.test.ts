import { describe, expect, it } from "vitest";
import { suggestHsn } from "../../../shared/rules/hsn-suggestion.ts";
import { seedProducts } from "./catalogue-data.ts";

// The form's suggestions and the shop's opening catalogue classify the produce alike.
describe("the HSN suggestions", () => {
  it.each(seedProducts.map((product) => [product.name, product] as const))(
    "agree with the catalogue on %s",
    (_name, product) => {
      expect(suggestHsn({ category: product.category, name: product.name })).toMatchObject({
        hsnCode: product.hsnCode,
        gstRateBps: product.gstRateBps,
      });
    },
  );
});

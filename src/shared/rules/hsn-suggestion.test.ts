import { describe, expect, it } from "vitest";
import { isHsnCode } from "./hsn-code.ts";
import { suggestHsn } from "./hsn-suggestion.ts";
import { GST_RATES_BPS } from "./product-form.ts";

describe("suggestHsn", () => {
  it("reads the produce from the name, plural or not", () => {
    expect(suggestHsn({ category: "vegetables", name: "Tomatoes" })).toEqual({
      hsnCode: "0702",
      gstRateBps: 0,
      basis: "Vegetables: tomatoes",
    });
    expect(suggestHsn({ category: "vegetables", name: "Baby potato" })?.hsnCode).toBe("0701");
    expect(suggestHsn({ category: "fruits", name: "Alphonso Mangoes" })?.hsnCode).toBe("0804");
  });

  it("takes the longer name before the word inside it", () => {
    expect(suggestHsn({ category: "vegetables", name: "Sweet Potato" })?.hsnCode).toBe("0714");
    expect(suggestHsn({ category: "fruits", name: "Custard Apple" })?.hsnCode).toBe("0810");
    expect(suggestHsn({ category: "fruits", name: "Sweet Lime" })?.hsnCode).toBe("0805");
    // A whole word only: lemongrass is a herb, not a lemon.
    expect(suggestHsn({ category: "herbs", name: "Lemongrass" })).toEqual({
      hsnCode: "0709",
      gstRateBps: 0,
      basis: "Herbs",
    });
  });

  it("gives dairy its rates: milk and paneer none, curd, honey and ghee 5%", () => {
    const rate = (name: string) => suggestHsn({ category: "dairy", name });
    expect(rate("Fresh Milk")).toMatchObject({ hsnCode: "0401", gstRateBps: 0 });
    expect(rate("Buttermilk")).toMatchObject({ hsnCode: "0403", gstRateBps: 500 });
    expect(rate("Thick Curd")).toMatchObject({ hsnCode: "0403", gstRateBps: 500 });
    expect(rate("Greek yoghurt")).toMatchObject({ hsnCode: "0403", gstRateBps: 500 });
    expect(rate("Malai Paneer")).toMatchObject({ hsnCode: "0406", gstRateBps: 0 });
    expect(rate("Desi Ghee")).toMatchObject({ hsnCode: "0405", gstRateBps: 500 });
    expect(rate("Forest Honey")).toMatchObject({ hsnCode: "0409", gstRateBps: 500 });
  });

  it("falls back to the category, and suggests nothing without one or for unknown dairy", () => {
    expect(suggestHsn({ category: "vegetables", name: "Brinjal" })).toMatchObject({
      hsnCode: "0709",
      basis: "Vegetables",
    });
    expect(suggestHsn({ category: "fruits", name: "Jamun" })?.hsnCode).toBe("0810");
    expect(suggestHsn({ category: "", name: "Tomatoes" })).toBeUndefined();
    expect(suggestHsn({ category: "dairy", name: "Khoa" })).toBeUndefined();
  });

  it("suggests only codes and rates the form accepts", () => {
    for (const name of ["Tomatoes", "Curd", "Honey", "Kiwi", "Mint", "Ginger"]) {
      const suggestion = suggestHsn({ category: "vegetables", name });
      expect(suggestion && isHsnCode(suggestion.hsnCode)).toBe(true);
      expect(GST_RATES_BPS).toContain(suggestion?.gstRateBps);
    }
  });
});

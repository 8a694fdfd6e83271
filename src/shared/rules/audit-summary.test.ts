import { describe, expect, it } from "vitest";
import { CHANGE_TEXT, capDetails, MAX_DETAILS, productChanges } from "./audit-summary.ts";

const TOMATOES = {
  name: "Tomatoes",
  description: "Desi tomatoes from Khordha.",
  category: "vegetables",
  unit: "kg",
  pricePaise: 8000,
  gstRateBps: 500,
  hsnCode: "0702",
  organic: false,
  local: true,
  inSeason: true,
  featured: false,
  lowStockThreshold: 5000,
  step: 250,
  minimum: 500,
  stock: 12_000,
  version: 3,
  archivedAt: null,
  photo: "0123456789abcdef0123456789abcdef",
};

describe("what an edit of a product changed, in the dashboard's words", () => {
  it("names only the changed form fields, with amounts, rates and quantities formatted", () => {
    expect(
      productChanges(TOMATOES, {
        ...TOMATOES,
        pricePaise: 9500,
        gstRateBps: 1200,
        organic: true,
        lowStockThreshold: 2500,
        category: "fruits",
        version: 4,
        photo: "fedcba9876543210fedcba9876543210",
      }),
    ).toEqual([
      "Category: Vegetables → Fruits",
      "Price: ₹80.00 → ₹95.00",
      "GST: 5% → 12%",
      "Organic: No → Yes",
      "Low-stock alert: 5 kg → 2.5 kg",
    ]);
  });

  it("says a long text changed rather than print it", () => {
    expect(productChanges(TOMATOES, { ...TOMATOES, description: "Grown without sprays." })).toEqual(
      ["Description changed"],
    );
  });

  it("shows no quantity without its unit, as grams would read as units", () => {
    expect(productChanges({ stock: 10_000 }, { stock: 8_000 })).toEqual(["Stock changed"]);
    expect(productChanges({ stock: 10_000 }, { stock: 8_000, unit: "kg" })).toEqual([
      "Stock: 10 kg → 8 kg",
    ]);
  });

  it("reads an empty value as none, and ignores bookkeeping and one-sided facts", () => {
    expect(productChanges({ hsnCode: null }, { hsnCode: "0702", version: 1 })).toEqual([
      "HSN code: none → 0702",
    ]);
    expect(productChanges(null, { hsnCode: "0702" })).toEqual([]);
    expect(productChanges(TOMATOES, { ...TOMATOES })).toEqual([]);
  });

  it("keeps a few lines and counts the rest", () => {
    const lines = ["a", "b", "c", "d", "e", "f"];
    expect(capDetails(lines)).toEqual(["a", "b", "c", CHANGE_TEXT.more(3)]);
    expect(capDetails(lines)).toHaveLength(MAX_DETAILS);
    expect(capDetails(lines.slice(0, MAX_DETAILS))).toEqual(lines.slice(0, MAX_DETAILS));
  });
});

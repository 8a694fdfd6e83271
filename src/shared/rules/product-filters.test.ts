import { describe, expect, it } from "vitest";
import type { Product } from "../catalogue.ts";
import { countActiveFilters, filterProducts } from "./product-filters.ts";
import { matchesSearch } from "./product-search.ts";

const base: Product = {
  id: "x",
  name: "X",
  category: "fruits",
  pricePaise: 100,
  unit: "kg",
  step: 250,
  minimum: 250,
  image: "/x.svg",
  description: "",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 10_000,
  gstRateBps: 0,
  hsnCode: "0810",
};
const products: Product[] = [
  { ...base, id: "apple", name: "Kashmir Apples", description: "Crisp and sweet" },
  { ...base, id: "kiwi", name: "Kiwi", description: "Tangy green fruit", local: false },
  {
    ...base,
    id: "mint",
    name: "Mint",
    category: "herbs",
    description: "Cooling leaves",
    featured: true,
  },
  {
    ...base,
    id: "okra",
    name: "Okra",
    category: "vegetables",
    description: "Tender",
    organic: false,
    inSeason: false,
  },
];
const ids = (list: Product[]) => list.map((p) => p.id);

describe("shop filters", () => {
  it("returns everything with no filters", () => {
    expect(ids(filterProducts(products, {}))).toEqual(["apple", "kiwi", "mint", "okra"]);
  });

  it("matches the category", () => {
    expect(ids(filterProducts(products, { category: "herbs" }))).toEqual(["mint"]);
  });

  it("searches name and description, case-insensitively, ignoring outer spaces", () => {
    expect(ids(filterProducts(products, { search: "KASHMIR" }, matchesSearch))).toEqual(["apple"]);
    expect(ids(filterProducts(products, { search: "  green " }, matchesSearch))).toEqual(["kiwi"]);
    expect(ids(filterProducts(products, { search: "   " }, matchesSearch))).toHaveLength(4);
  });

  it("applies each toggle only when switched on", () => {
    expect(ids(filterProducts(products, { local: true }))).not.toContain("kiwi");
    expect(ids(filterProducts(products, { organic: true }))).not.toContain("okra");
    expect(ids(filterProducts(products, { inSeason: true }))).not.toContain("okra");
    expect(ids(filterProducts(products, { featured: true }))).toEqual(["mint"]);
    expect(ids(filterProducts(products, { local: false }))).toHaveLength(4);
  });

  it("requires every filter to match", () => {
    expect(
      ids(
        filterProducts(
          products,
          { category: "fruits", local: true, search: "fruit" },
          matchesSearch,
        ),
      ),
    ).toEqual([]);
    expect(
      ids(filterProducts(products, { category: "fruits", search: "fruit" }, matchesSearch)),
    ).toEqual(["kiwi"]);
  });

  it("counts the toggles plus a non-empty search for the badge, not the category", () => {
    expect(countActiveFilters({})).toBe(0);
    expect(countActiveFilters({ category: "fruits" })).toBe(0);
    expect(countActiveFilters({ organic: true, local: true, inSeason: true })).toBe(3);
    expect(countActiveFilters({ organic: true, search: "mango" })).toBe(2);
    expect(countActiveFilters({ search: "  " })).toBe(0);
  });
});

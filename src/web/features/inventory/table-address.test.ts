import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS } from "./components/product-filters.tsx";
import { readTableAddress, type TableAddress, tableSearch } from "./table-address.ts";

const read = (query: string) => readTableAddress(new URLSearchParams(query));

describe("the Inventory table's address", () => {
  it("opens on the default table with nothing in the address", () => {
    expect(read("")).toEqual({ filters: DEFAULT_FILTERS, open: undefined });
    expect(tableSearch({ filters: DEFAULT_FILTERS, open: undefined }).toString()).toBe("");
  });

  it("keeps every filter and the open dialog through a round trip", () => {
    const address: TableAddress = {
      filters: {
        search: "gourd",
        category: "vegetables",
        order: "cover",
        lowOnly: true,
        includeArchived: true,
      },
      open: { dialog: "stock", id: "bitter-gourd" },
    };
    const query = tableSearch(address).toString();
    expect(query).toBe(
      "q=gourd&category=vegetables&sort=cover&low=1&archived=1&stock=bitter-gourd",
    );
    expect(read(query)).toEqual(address);
    for (const open of [
      { dialog: "edit", id: "tomatoes" },
      { dialog: "add" },
      { dialog: "import" },
    ] as const) {
      expect(read(tableSearch({ filters: DEFAULT_FILTERS, open }).toString()).open).toEqual(open);
    }
  });

  it("leaves out what it cannot mean instead of failing", () => {
    expect(
      read("category=toys&sort=price&low=yes&archived=true&stock=../etc&edit=<b>&add=2&import=0"),
    ).toEqual({ filters: DEFAULT_FILTERS, open: undefined });
    expect(read("sort=constructor").filters.order).toBe("name");
    expect(read(`q=${"a".repeat(300)}`).filters.search).toHaveLength(100);
  });
});

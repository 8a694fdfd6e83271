import { describe, expect, it } from "vitest";
import { SAVED_VIEW_KEYS } from "../../../shared/contracts/saved-views.ts";
import { readTableAddress, tableSearch } from "./table-address.ts";

// A saved view is the filter part of the table's address: the server takes exactly its keys.
describe("the Inventory table's saved views", () => {
  it("hold every filter the address writes, and never the open dialog", () => {
    const full = readTableAddress(
      new URLSearchParams("q=gourd&category=vegetables&sort=cover&low=1&archived=1&stock=okra"),
    );
    const keys = [...tableSearch({ ...full, open: undefined }).keys()];
    expect(keys.sort()).toEqual([...SAVED_VIEW_KEYS.inventory].sort());
  });
});

import { describe, expect, it } from "vitest";
import { SAVED_VIEW_KEYS } from "../../../shared/contracts/saved-views.ts";
import { boardSearch, readBoardAddress } from "./board-address.ts";

// A saved view is the filter part of the board's address: the server takes exactly its keys.
describe("the Sales board's saved views", () => {
  it("hold every filter the address writes, and never the open order", () => {
    const full = readBoardAddress(
      new URLSearchParams(
        "status=all&payment=cash&paid=pending&from=2026-11-01&to=2026-11-28&late=1&kind=event&q=Meera&order=FHH-123456",
      ),
    );
    const keys = [...boardSearch({ ...full, order: undefined }).keys()];
    expect(keys.sort()).toEqual([...SAVED_VIEW_KEYS.sales].sort());
  });
});

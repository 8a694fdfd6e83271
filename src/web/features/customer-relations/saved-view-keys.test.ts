import { describe, expect, it } from "vitest";
import { SAVED_VIEW_KEYS } from "../../../shared/contracts/saved-views.ts";
import { deskSearch, readDeskAddress } from "./desk-address.ts";

// A saved view is the filter part of the desk's address: the server takes exactly its keys.
describe("the desk's saved views", () => {
  it("hold every filter the address writes, and never the open ticket", () => {
    const full = readDeskAddress(
      new URLSearchParams(
        "status=waiting&q=FHH-123456&type=refund_request&age=day&ticket=SUP-123456",
      ),
    );
    const keys = [...deskSearch({ ...full, ticket: undefined }).keys()];
    expect(keys.sort()).toEqual([...SAVED_VIEW_KEYS["customer-relations"]].sort());
  });
});

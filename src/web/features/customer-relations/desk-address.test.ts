import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH } from "../../../shared/rules/product-filters.ts";
import { type DeskAddress, deskSearch, NO_FILTERS, readDeskAddress } from "./desk-address.ts";

const read = (query: string) => readDeskAddress(new URLSearchParams(query));
const plain: DeskAddress = { status: "open", ...NO_FILTERS, ticket: undefined };

describe("the desk's address", () => {
  it("opens on the open tickets with nothing in the address, and keeps a tab and a ticket", () => {
    expect(read("")).toEqual(plain);
    expect(deskSearch(plain).toString()).toBe("");
    const address = { ...plain, status: "waiting", ticket: "SUP-123456" } as const;
    expect(deskSearch(address).toString()).toBe("status=waiting&ticket=SUP-123456");
    expect(read("status=waiting&ticket=SUP-123456")).toEqual(address);
  });

  it("keeps the search, the type and the age, and reads back what it wrote", () => {
    const address: DeskAddress = {
      status: "resolved",
      q: "FHH-123456 100%",
      type: "refund_request",
      age: "week",
      ticket: "SUP-654321",
    };
    const query = deskSearch(address).toString();
    expect(query).toBe(
      "status=resolved&q=FHH-123456+100%25&type=refund_request&age=week&ticket=SUP-654321",
    );
    expect(read(query)).toEqual(address);
    expect(deskSearch({ ...plain, q: "   " }).toString()).toBe("");
  });

  it("leaves out what it cannot mean instead of failing", () => {
    expect(read("status=closed&ticket=SUP-12")).toEqual(plain);
    expect(read("ticket=BOR-260101-0001").ticket).toBeUndefined();
    expect(read("type=wedding&age=year")).toEqual(plain);
    expect(read(`q=${"a".repeat(MAX_SEARCH_LENGTH + 20)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

import { describe, expect, it } from "vitest";
import { deskSearch, readDeskAddress } from "./desk-address.ts";

const read = (query: string) => readDeskAddress(new URLSearchParams(query));

describe("the desk's address", () => {
  it("opens on the open tickets with nothing in the address, and keeps a tab and a ticket", () => {
    expect(read("")).toEqual({ status: "open", ticket: undefined });
    expect(deskSearch({ status: "open", ticket: undefined }).toString()).toBe("");
    const address = { status: "waiting", ticket: "SUP-123456" } as const;
    expect(deskSearch(address).toString()).toBe("status=waiting&ticket=SUP-123456");
    expect(read("status=waiting&ticket=SUP-123456")).toEqual(address);
  });

  it("leaves out what it cannot mean instead of failing", () => {
    expect(read("status=closed&ticket=SUP-12")).toEqual({ status: "open", ticket: undefined });
    expect(read("ticket=BOR-260101-0001").ticket).toBeUndefined();
  });
});

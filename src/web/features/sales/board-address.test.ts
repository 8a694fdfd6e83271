import { describe, expect, it } from "vitest";
import { type BoardAddress, boardSearch, readBoardAddress } from "./board-address.ts";
import { DEFAULT_BOARD_FILTERS } from "./components/board-filters.tsx";

const read = (query: string) => readBoardAddress(new URLSearchParams(query));

describe("the Sales board's address", () => {
  it("opens on the default board with nothing in the address", () => {
    expect(read("")).toEqual({ filters: DEFAULT_BOARD_FILTERS, order: undefined });
    expect(boardSearch({ filters: DEFAULT_BOARD_FILTERS, order: undefined }).toString()).toBe("");
  });

  it("keeps every filter and the open order through a round trip", () => {
    const address: BoardAddress = {
      filters: {
        status: "",
        paymentMethod: "cash",
        paymentStatus: "pending",
        from: "2026-11-01",
        to: "2026-11-28",
        late: true,
        kind: "event",
        q: "Meera Sahoo",
      },
      order: "FHH-123456",
    };
    const query = boardSearch(address).toString();
    expect(query).toBe(
      "status=all&payment=cash&paid=pending&from=2026-11-01&to=2026-11-28&late=1&kind=event&q=Meera+Sahoo&order=FHH-123456",
    );
    expect(read(query)).toEqual(address);
    expect(read("status=packed&order=FHH-123456")).toEqual({
      filters: { ...DEFAULT_BOARD_FILTERS, status: "packed" },
      order: "FHH-123456",
    });
  });

  it("leaves out what it cannot mean instead of failing", () => {
    expect(
      read(
        "status=shipped&payment=bitcoin&paid=maybe&from=yesterday&to=2026-13&late=yes&kind=wedding&order=<script>",
      ),
    ).toEqual({ filters: DEFAULT_BOARD_FILTERS, order: undefined });
    expect(read(`q=${"a".repeat(500)}`).filters.q).toHaveLength(100);
    expect(read("status=__proto__").filters.status).toBe("open");
  });
});

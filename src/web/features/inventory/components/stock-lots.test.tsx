// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StockLot } from "../../../../shared/contracts/inventory.ts";
import { StockLots } from "./stock-lots.tsx";

const base: Omit<StockLot, "id" | "label"> = {
  productId: "tomatoes",
  source: "receipt",
  supplier: "Khordha Organic Farm",
  harvestedOn: "2026-11-18",
  bestBefore: null,
  unitCostPaise: null,
  received: 20_000,
  remaining: 5_000,
  expired: false,
  checkedAt: null,
  receivedAt: "2026-11-18T10:00:00.000Z",
};

function renderLots(lots: StockLot[] | Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => (lots instanceof Response ? lots : Response.json({ lots }))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <StockLots productId="tomatoes" unit="kg" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the stock dialog's lots", () => {
  it("lists them oldest first with what is left, the cost and the best-before day", async () => {
    renderLots([
      {
        ...base,
        id: 1,
        source: "unrecorded",
        supplier: null,
        harvestedOn: null,
        label: "Unrecorded stock",
      },
      {
        ...base,
        id: 2,
        label: "Khordha Organic Farm, harvested 18 Nov",
        remaining: 750,
        unitCostPaise: 2_550,
        bestBefore: "2026-11-22",
        expired: true,
      },
    ]);
    const rows = await screen.findAllByTestId("stock-lot");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Unrecorded stock5 kg of 20 kg left · cost not recorded",
      "Khordha Organic Farm, harvested 18 NovPast best-before750 g of 20 kg left · ₹25.50 a kg · best before 22 Nov 2026",
    ]);
  });

  it("says when no lot has stock left", async () => {
    renderLots([]);
    expect(await screen.findByText(/No lots with stock left/)).toBeTruthy();
  });

  it("says why the lots could not be loaded, with a retry", async () => {
    renderLots(Response.json({ code: "INTERNAL", message: "Down for a moment" }, { status: 500 }));
    expect((await screen.findByRole("alert")).textContent).toContain("Down for a moment");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

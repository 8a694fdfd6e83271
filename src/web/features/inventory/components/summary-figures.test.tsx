// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InventorySummary } from "../../../../shared/contracts/inventory.ts";
import { SummaryFigures } from "./summary-figures.tsx";

function serve(margin: InventorySummary["margin"]) {
  const summary: InventorySummary = {
    today: "2026-11-24",
    products: { active: 10, inStock: 8, low: 1, outOfStock: 1, archived: 0 },
    stockValue: { atPricePaise: 100_000, atCostPaise: 60_000, uncostedUnits: 4 },
    expiredLots: 0,
    margin,
    unitsSold: { today: 3, last7Days: 20 },
    daily: [],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(summary)),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SummaryFigures lowOnly={false} onShowLow={() => {}} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the margin figure", () => {
  it("is takings less cost over 7 days, with its share of the takings", async () => {
    serve({ revenuePaise: 200_000, costPaise: 130_000, uncostedUnits: 0 });
    const card = await screen.findByTestId("figure-margin");
    expect(card.textContent).toContain("Margin (7 days)");
    expect(card.textContent).toContain("₹700");
    expect(card.textContent).toContain("35% of ₹2,000 takings before GST");
    expect(card.textContent).not.toContain("without a recorded cost");
    // The stock value at cost still stands beside it.
    expect(screen.getByTestId("figure-cost").textContent).toContain("₹600");
  });

  it("says how many units sold came from lots with no recorded cost", async () => {
    serve({ revenuePaise: 200_000, costPaise: 100_000, uncostedUnits: 12 });
    const card = await screen.findByTestId("figure-margin");
    expect(card.textContent).toContain("12 units sold from lots without a recorded cost");
  });

  it("says when nothing sold in the last 7 days", async () => {
    serve({ revenuePaise: 0, costPaise: 0, uncostedUnits: 0 });
    const card = await screen.findByTestId("figure-margin");
    expect(card.textContent).toContain("No sales in the last 7 days");
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExpiredLotList, InventorySummary } from "../../../../shared/contracts/inventory.ts";
import { STOCK_MESSAGES } from "../../../../shared/rules/stock-movement.ts";
import { ExpiredLots } from "./expired-lots.tsx";

function summary(expiredLots: number): InventorySummary {
  return {
    today: "2026-11-24",
    products: { active: 10, inStock: 8, low: 1, outOfStock: 1, archived: 0 },
    stockValue: { atPricePaise: 100_000, atCostPaise: 60_000, uncostedUnits: 0 },
    expiredLots,
    margin: { revenuePaise: 50_000, costPaise: 30_000, uncostedUnits: 0 },
    unitsSold: { today: 3, last7Days: 20 },
    daily: [],
  };
}

const EXPIRED: ExpiredLotList = {
  lots: [
    {
      id: 7,
      productId: "spinach",
      productName: "Spinach",
      unit: "bunch",
      source: "receipt",
      label: "Khordha Organic Farm, harvested 18 Nov",
      supplier: "Khordha Organic Farm",
      harvestedOn: "2026-11-18",
      bestBefore: "2026-11-22",
      unitCostPaise: 1_500,
      received: 20,
      remaining: 6,
      expired: true,
      checkedAt: null,
      receivedAt: "2026-11-18T10:00:00.000Z",
    },
  ],
};

let requests: { method: string; url: string; body: unknown }[];
let expiredCount: number;
let answerPost: () => Response;

beforeEach(() => {
  requests = [];
  expiredCount = 1;
  answerPost = () => Response.json({});
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? "GET";
      requests.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "POST") return answerPost();
      if (url.endsWith("/summary")) return Response.json(summary(expiredCount));
      if (url.endsWith("/lots/expired")) return Response.json(EXPIRED);
      return Response.json({}, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExpiredLots />
    </QueryClientProvider>,
  );
}

const press = (name: RegExp) =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
const posted = () => requests.filter((request) => request.method === "POST");

describe("the dashboard's lots past best-before", () => {
  it("shows nothing, and asks for no list, while no lot is past its best-before", async () => {
    expiredCount = 0;
    renderPanel();
    await act(async () => {});
    expect(screen.queryByRole("region", { name: "Past best-before" })).toBeNull();
    expect(requests.map((request) => request.url)).toEqual(["/api/staff/inventory/summary"]);
  });

  it("lists each lot with its product, what is left and its best-before day", async () => {
    renderPanel();
    const panel = await screen.findByRole("region", { name: "Past best-before" });
    await screen.findByText("Spinach");
    expect(panel.textContent).toContain("Khordha Organic Farm, harvested 18 Nov");
    expect(panel.textContent).toContain("6 bunch left · Best before 22 Nov 2026");
  });

  it("writes the whole lot off as expired, naming the lot", async () => {
    renderPanel();
    await screen.findByText("Spinach");
    await press(/^Write off Khordha Organic Farm, harvested 18 Nov, Spinach$/);
    expect(posted()).toEqual([
      {
        method: "POST",
        url: "/api/staff/inventory/products/spinach/movements",
        body: { kind: "write_off", quantity: 6, reason: "expired", lotId: 7 },
      },
    ]);
  });

  it("marks the lot checked", async () => {
    renderPanel();
    await screen.findByText("Spinach");
    await press(/^Mark checked Khordha/);
    expect(posted()).toEqual([
      { method: "POST", url: "/api/staff/inventory/lots/7/check", body: {} },
    ]);
  });

  it("shows the server's refusal on the lot, and offers both buttons again", async () => {
    answerPost = () =>
      Response.json({ code: "CONFLICT", message: STOCK_MESSAGES.lotEmpty }, { status: 409 });
    renderPanel();
    await screen.findByText("Spinach");
    await press(/^Mark checked/);
    expect((await screen.findByRole("alert")).textContent).toBe(STOCK_MESSAGES.lotEmpty);
    expect(screen.getByRole("button", { name: /^Write off/ }).hasAttribute("disabled")).toBe(false);
  });
});

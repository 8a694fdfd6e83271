// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InventoryProductRow } from "../../../../shared/contracts/inventory.ts";
import { PRICE_CHANGE_MESSAGES } from "../../../../shared/rules/price-change.ts";
import { BulkActionDialog } from "./bulk-action-dialog.tsx";

function product(id: string, name: string, pricePaise: number): InventoryProductRow {
  return {
    id,
    name,
    category: "fruits",
    unit: "kg",
    step: 250,
    minimum: 250,
    pricePaise,
    gstRateBps: 0,
    hsnCode: "0804",
    organic: false,
    local: false,
    inSeason: true,
    featured: false,
    stock: 10_000,
    lowStockThreshold: 1000,
    low: false,
    outOfStock: false,
    soldLast7Days: 0,
    daysOfCover: null,
    unitCostPaise: null,
    expiredStock: 0,
    version: 3,
    archived: false,
    photoUrl: null,
    image: "/images/x.svg",
    harvestedOn: null,
    shelfLocation: null,
    nameOr: null,
    nameHi: null,
  };
}

const PRODUCTS = [product("guava", "Guava", 8000), product("sapota", "Sapota", 4999)];

let posts: { url: string; key: string | null; body: { percent?: number } }[];
let answer: () => Response;
let done: string[];

beforeEach(() => {
  posts = [];
  done = [];
  answer = () => Response.json({ changed: [], unchanged: [] });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      posts.push({
        url,
        key: headers.get("idempotency-key"),
        body: JSON.parse(String(init.body)),
      });
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPriceDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BulkActionDialog
        action="price"
        products={PRODUCTS}
        onClose={() => {}}
        onDone={(message) => done.push(message)}
      />
    </QueryClientProvider>,
  );
}

const type = (value: string) =>
  fireEvent.change(screen.getByLabelText(/^Change by/), { target: { value } });
const apply = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Change 2 prices" }));
  });

describe("changing prices by a percentage", () => {
  it("previews each new price to the paisa before anything is sent", () => {
    renderPriceDialog();
    expect(screen.getByText("Type a percentage to see the new prices.")).toBeTruthy();
    type("+12.5");
    const preview = screen.getByTestId("price-preview");
    expect(preview.textContent).toContain("₹80.00→ ₹90.00");
    // 4999 × 1.125 = 5623.875, rounded half up.
    expect(preview.textContent).toContain("₹49.99→ ₹56.24");
    expect(posts).toEqual([]);
  });

  it("asks for a confirm before a change of more than half", async () => {
    renderPriceDialog();
    type("-60");
    await apply();
    expect(screen.getByRole("alert").textContent).toBe(PRICE_CHANGE_MESSAGES.largeChange);
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByLabelText(/^Yes, change prices by more than 50%/));
    await apply();
    expect(posts).toMatchObject([{ body: { percent: -60, confirmLargeChange: true } }]);
  });

  it("sends a retried request with the same key, and a changed one with a new key", async () => {
    answer = () => Response.json({ code: "UNAVAILABLE", message: "Try again" }, { status: 503 });
    renderPriceDialog();
    type("10");
    await apply();
    await apply();
    type("11");
    await apply();
    expect(posts.map((post) => post.url)).toEqual(
      Array(3).fill("/api/staff/inventory/products/bulk/price"),
    );
    expect(posts[0]!.key).toMatch(/^[\w-]{8,}$/);
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[2]!.key).not.toBe(posts[0]!.key);
    expect(screen.getByRole("alert").textContent).toContain("Try again");
    expect(done).toEqual([]);
  });
});

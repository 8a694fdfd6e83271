// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InventoryProduct, StockLot } from "../../../../shared/contracts/inventory.ts";
import { MEASURE_MESSAGES } from "../../../../shared/rules/measure.ts";
import { STOCK_MESSAGES } from "../../../../shared/rules/stock-movement.ts";
import { MovementForm } from "./movement-form.tsx";

const PRODUCT: InventoryProduct = {
  id: "tomatoes",
  name: "Tomatoes",
  category: "vegetables",
  unit: "kg",
  step: 250,
  minimum: 250,
  pricePaise: 4_000,
  gstRateBps: 0,
  shelfLocation: null,
  nameOr: null,
  nameHi: null,
  descriptionOr: null,
  descriptionHi: null,
  hsnCode: "0702",
  organic: false,
  local: true,
  inSeason: true,
  featured: false,
  stock: 30_000,
  lowStockThreshold: 5_000,
  low: false,
  outOfStock: false,
  soldLast7Days: 10_000,
  daysOfCover: 21,
  unitCostPaise: 2_500,
  expiredStock: 0,
  version: 1,
  archived: false,
  photoUrl: null,
  image: "/images/tomatoes.webp",
  harvestedOn: "2026-11-20",
  description: "",
  archivedAt: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  photoUrls: [],
};

function lot(id: number, label: string, remaining: number, expired = false): StockLot {
  return {
    id,
    productId: "tomatoes",
    source: "receipt",
    label,
    supplier: "Khordha Organic Farm",
    harvestedOn: "2026-11-20",
    bestBefore: null,
    unitCostPaise: 2_500,
    received: 20_000,
    remaining,
    expired,
    checkedAt: null,
    receivedAt: "2026-11-20T10:00:00.000Z",
  };
}

const LOTS = [
  lot(7, "Khordha Organic Farm, harvested 18 Nov", 10_000, true),
  lot(9, "Khordha Organic Farm, harvested 20 Nov", 12_500),
];

let requests: { method: string; url: string; body: unknown }[];
let answerMovement: () => Response;

beforeEach(() => {
  requests = [];
  answerMovement = () => Response.json({ movement: {}, product: PRODUCT });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({
        method: init.method ?? "GET",
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url.endsWith("/lots")) return Response.json({ lots: LOTS });
      return answerMovement();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(product: InventoryProduct = PRODUCT) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MovementForm product={product} />
    </QueryClientProvider>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const press = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
  });
const posted = () => requests.filter((request) => request.method === "POST");

describe("receiving stock with a best-before date", () => {
  it("sends the best-before date with the receipt", async () => {
    renderForm();
    type(/^Quantity/, "12");
    type(/^Farm or supplier/, "Khordha Organic Farm");
    type(/^Harvest date/, "2026-11-20");
    type(/^Best before/, "2026-11-27");
    await press("Receive stock");
    expect(posted()[0]?.body).toMatchObject({
      kind: "receipt",
      quantity: 12_000,
      harvestedOn: "2026-11-20",
      bestBefore: "2026-11-27",
    });
  });

  it("refuses a best-before date before the harvest, at the field", async () => {
    renderForm();
    type(/^Quantity/, "12");
    type(/^Farm or supplier/, "Khordha Organic Farm");
    type(/^Harvest date/, "2026-11-20");
    type(/^Best before/, "2026-11-19");
    await press("Receive stock");
    expect(posted()).toEqual([]);
    expect(field(/^Best before/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(STOCK_MESSAGES.bestBeforeBeforeHarvest)).toBeTruthy();
  });
});

describe("naming the lot of a write-off", () => {
  async function writeOff() {
    renderForm();
    fireEvent.click(screen.getByRole("radio", { name: /^Write off/ }));
    await screen.findByRole("option", { name: /harvested 20 Nov/ });
    type(/^Quantity/, "0.75");
    fireEvent.change(field(/^Reason/), { target: { value: "spoiled" } });
  }

  it("lists the lots after oldest first, and sends the lot chosen", async () => {
    await writeOff();
    const options = Array.from(
      (field(/^Lot/) as unknown as HTMLSelectElement).options,
      (option) => option.textContent,
    );
    expect(options).toEqual([
      "Oldest first",
      "Khordha Organic Farm, harvested 18 Nov — 10 kg (past best-before)",
      "Khordha Organic Farm, harvested 20 Nov — 12.5 kg",
    ]);
    fireEvent.change(field(/^Lot/), { target: { value: "9" } });
    await press("Write off stock");
    expect(posted()[0]?.body).toEqual({
      kind: "write_off",
      quantity: 750,
      reason: "spoiled",
      lotId: 9,
    });
  });

  it("sends no lot for oldest first", async () => {
    await writeOff();
    await press("Write off stock");
    expect(posted()[0]?.body).toEqual({ kind: "write_off", quantity: 750, reason: "spoiled" });
  });

  it("shows the server's refusal of the lot at the lot", async () => {
    const message = STOCK_MESSAGES.lotTooSmall(10_000);
    answerMovement = () =>
      Response.json({ code: "CONFLICT", message, field: "lotId" }, { status: 409 });
    await writeOff();
    fireEvent.change(field(/^Lot/), { target: { value: "7" } });
    await press("Write off stock");
    const select = field(/^Lot/);
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(select.getAttribute("aria-describedby")).toContain("-error");
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});

describe("quantities in the product's unit", () => {
  it("takes kilograms with up to three decimals for a weighed product, and sends grams", async () => {
    renderForm();
    expect(field(/^Quantity/).labels?.[0]?.textContent).toContain("Quantity (kg)");
    type(/^Quantity/, "12.5");
    type(/^Farm or supplier/, "Khordha Organic Farm");
    type(/^Harvest date/, "2026-11-20");
    await press("Receive stock");
    expect(posted()[0]?.body).toMatchObject({ kind: "receipt", quantity: 12_500 });
  });

  it("says at the field what is wrong with a weight that is no weight", async () => {
    renderForm();
    type(/^Quantity/, "1.2345");
    type(/^Farm or supplier/, "Khordha Organic Farm");
    await press("Receive stock");
    expect(posted()).toEqual([]);
    const quantity = field(/^Quantity/);
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    const said = (quantity.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain(MEASURE_MESSAGES.weightText);
    expect(screen.getAllByText(MEASURE_MESSAGES.weightText)).toHaveLength(1);
  });

  it("counts a weighed product in kilograms, telling the stock as it stands", async () => {
    renderForm();
    fireEvent.click(screen.getByRole("radio", { name: /^Count correction/ }));
    expect(screen.getByText("The stock shows 30 kg; the difference is recorded.")).toBeTruthy();
    type(/^Counted on the shelf \(kg\)/, "28.25");
    await press("Record count");
    expect(posted()[0]?.body).toEqual({ kind: "count", counted: 28_250 });
  });

  it("takes whole units of a counted product, and refuses part of one at the field", async () => {
    renderForm({ ...PRODUCT, unit: "bunch", step: 1, minimum: 1, stock: 30 });
    fireEvent.click(screen.getByRole("radio", { name: /^Write off/ }));
    type(/^Quantity \(bunch\)/, "1.5");
    fireEvent.change(field(/^Reason/), { target: { value: "spoiled" } });
    await press("Write off stock");
    expect(posted()).toEqual([]);
    expect(screen.getByText(MEASURE_MESSAGES.unitsText)).toBeTruthy();
    type(/^Quantity \(bunch\)/, "3");
    await press("Write off stock");
    expect(posted()[0]?.body).toEqual({ kind: "write_off", quantity: 3, reason: "spoiled" });
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffBulkOrder } from "../../../../shared/contracts/bulk-pipeline.ts";
import type { ProductList } from "../../../../shared/contracts/catalogue.ts";
import { MEASURE_MESSAGES } from "../../../../shared/rules/measure.ts";
import { QuoteForm } from "./bulk-quote-form.tsx";

type Product = ProductList["products"][number];

function product(id: string, name: string, unit: Product["unit"], pricePaise: number): Product {
  const weighed = unit === "kg";
  return {
    id,
    name,
    category: "vegetables",
    pricePaise,
    unit,
    step: weighed ? 250 : 1,
    minimum: weighed ? 250 : 1,
    image: `/images/products/${id}.svg`,
    description: "",
    organic: true,
    local: true,
    inSeason: true,
    featured: false,
    stock: weighed ? 100_000 : 100,
    gstRateBps: 0,
    hsnCode: "0702",
    harvestedOn: null,
    photoUrl: null,
    photoSrcSet: null,
    nameOr: null,
    nameHi: null,
    descriptionOr: null,
    descriptionHi: null,
  };
}

const CATALOGUE = {
  products: [
    product("tomatoes", "Tomatoes", "kg", 4_000),
    product("spinach", "Spinach", "bunch", 3_000),
  ],
  total: 2,
};

/** What the quote form reads of a request awaiting its first quote. */
const ORDER = {
  ticketId: "BOR-123456-0001",
  status: "awaiting_review",
  deliveryDate: "2026-12-10",
  codRequested: false,
  codApproved: false,
  quotePaise: null,
  quoteNotes: "",
  quote: null,
  version: 3,
} as unknown as StaffBulkOrder;

let posted: { url: string; body: unknown }[];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if ((init.method ?? "GET") === "GET") return Response.json(CATALOGUE);
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return Response.json(ORDER);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <QuoteForm order={ORDER} />
    </QueryClientProvider>,
  );
  await screen.findByLabelText("Product");
}

const choose = (productId: string) =>
  fireEvent.change(screen.getByLabelText("Product"), { target: { value: productId } });
const quantity = () => screen.getByLabelText(/^Quantity/) as HTMLInputElement;
const send = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: /Send quote/ }));
  });

describe("the desk's quote of a product sold by weight", () => {
  it("takes kilograms, previews the price per kg, and sends grams", async () => {
    await renderForm();
    choose("tomatoes");
    expect(quantity().labels?.[0]?.textContent).toBe("Quantity (kg)");
    fireEvent.change(quantity(), { target: { value: "12.5" } });
    // 12.5 kg at ₹40.00 a kilogram.
    expect(screen.getByLabelText("The quote as it stands").textContent).toContain("₹500.00");
    await send();
    expect(posted[0]?.body).toMatchObject({
      lines: [{ productId: "tomatoes", quantity: 12_500, listPricePaise: 4_000 }],
    });
  });

  it("says at the field what is wrong with a weight that is no weight", async () => {
    await renderForm();
    choose("tomatoes");
    fireEvent.change(quantity(), { target: { value: "1.2345" } });
    await send();
    expect(posted).toEqual([]);
    expect(quantity().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(MEASURE_MESSAGES.weightText)).toBeTruthy();
  });

  it("takes whole units of a counted product", async () => {
    await renderForm();
    choose("spinach");
    expect(quantity().labels?.[0]?.textContent).toBe("Quantity (bunch)");
    fireEvent.change(quantity(), { target: { value: "1.5" } });
    await send();
    expect(posted).toEqual([]);
    expect(screen.getByText(MEASURE_MESSAGES.unitsText)).toBeTruthy();
    fireEvent.change(quantity(), { target: { value: "40" } });
    await send();
    expect(posted[0]?.body).toMatchObject({
      lines: [{ productId: "spinach", quantity: 40, listPricePaise: 3_000 }],
    });
  });
});

// @vitest-environment jsdom

import { act, cleanup, render as draw, fireEvent, screen } from "@testing-library/react";
import { type ReactElement, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../shared/catalogue.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import * as harvestDate from "../../../../shared/rules/harvest-date.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { createBrowserRouter, type Router, RouterProvider } from "../../../lib/router/index.ts";
import type { CardCart } from "./product-card.tsx";
import { ProductGrid } from "./product-grid.tsx";

// Each card reads its harvest label as it is drawn: the calls say which cards were drawn again.
vi.mock("../../../../shared/rules/harvest-date.ts", async (original) => {
  const actual = await original<typeof harvestDate>();
  return { ...actual, harvestedLabel: vi.fn(actual.harvestedLabel) };
});

const product = (id: string, harvestedOn: string): Product => ({
  id,
  name: id,
  category: "fruits",
  pricePaise: 10000,
  unit: "kg",
  step: 250,
  minimum: 250,
  image: `/images/products/${id}.svg`,
  description: id,
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 40_000,
  gstRateBps: 0,
  hsnCode: "0808",
  harvestedOn,
});

const PRODUCTS = [
  product("apples", "2026-11-20"),
  product("mangoes", "2026-11-21"),
  product("guava", "2026-11-22"),
];

const added: string[] = [];
const NO_CART: CardCart = { quantities: new Map(), add: (product) => added.push(product.id) };
/** What each Add asked for: product and grams or units. */
const asked: [string, number][] = [];
const RECORDING: CardCart = {
  quantities: new Map(),
  add: (product, quantity) => asked.push([product.id, quantity]),
};

/** A page holding a cart of its own, as a route hands the grid the shopper's. */
function PageWithCart({ children }: { children: (cart: CardCart) => React.ReactNode }) {
  const [quantities, setQuantities] = useState<ReadonlyMap<string, number>>(new Map());
  const [add] = useState(() => (product: Product, quantity = 250) => {
    added.push(product.id);
    setQuantities((held) => new Map(held).set(product.id, (held.get(product.id) ?? 0) + quantity));
  });
  return (
    <>
      <button type="button" onClick={() => add(PRODUCTS[0]!)}>
        Add apples elsewhere
      </button>
      {children({ quantities, add })}
    </>
  );
}

// The cards in English, as the shop's English pages draw them.
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/shop"]);
});
let shown: I18n | undefined;
const render = (ui: ReactElement) =>
  draw(<I18nProvider i18n={shown ?? english}>{ui}</I18nProvider>);

let router: Router | undefined;
afterEach(() => {
  cleanup();
  router?.dispose();
  added.length = 0;
  asked.length = 0;
  shown = undefined;
});

/** The grid alone, drawn by the store's router as a page. */
async function showGrid(products: Product[], cart: CardCart) {
  const Page = () => <ProductGrid products={products} cart={cart} />;
  window.history.replaceState(null, "", "/");
  router = createBrowserRouter([{ path: "/", load: async () => Page, handle: {} }]);
  render(<RouterProvider router={router} errorPage={() => null} />);
  return screen.findAllByRole("article");
}

describe("the shop's grid", () => {
  it("draws again only the card whose cart quantity changed", async () => {
    const Page = () => (
      <PageWithCart>{(cart) => <ProductGrid products={PRODUCTS} cart={cart} />}</PageWithCart>
    );
    window.history.replaceState(null, "", "/");
    router = createBrowserRouter([{ path: "/", load: async () => Page, handle: {} }]);
    render(<RouterProvider router={router} errorPage={() => null} />);
    expect(await screen.findAllByRole("article")).toHaveLength(3);

    const drawn = vi.mocked(harvestDate.harvestedLabel);
    drawn.mockClear();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add apples elsewhere" })));
    expect(drawn.mock.calls.map(([date]) => date)).toEqual(["2026-11-20"]);

    drawn.mockClear();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add 250 g mangoes to cart" })));
    expect(added).toEqual(["apples", "mangoes"]);
    expect(drawn.mock.calls.map(([date]) => date)).toEqual(["2026-11-21"]);
  });

  it("draws the card icons once per grid, each card pointing into its own grid's sprite", async () => {
    const Page = () => (
      <>
        <ProductGrid products={PRODUCTS} cart={NO_CART} />
        <ProductGrid products={PRODUCTS.slice(0, 1)} cart={NO_CART} />
      </>
    );
    window.history.replaceState(null, "", "/");
    router = createBrowserRouter([{ path: "/", load: async () => Page, handle: {} }]);
    const { container } = render(<RouterProvider router={router} errorPage={() => null} />);
    expect(await screen.findAllByRole("article")).toHaveLength(4);
    const symbols = [...container.querySelectorAll("symbol")].map((symbol) => symbol.id);
    // Four icons in each of the two grids, none spelled twice.
    expect(symbols).toHaveLength(8);
    expect(new Set(symbols).size).toBe(8);
    const grids = container.querySelectorAll("ul");
    for (const grid of grids) {
      const sprite = grid.previousElementSibling!;
      const own = new Set([...sprite.querySelectorAll("symbol")].map((symbol) => `#${symbol.id}`));
      const used = [...grid.querySelectorAll("use")].map((use) => use.getAttribute("href"));
      // Organic, Local, the harvest date and Add on each card, each resolved in its own grid.
      expect(used).toHaveLength(grid.querySelectorAll("article").length * 4);
      for (const href of used) expect(own.has(href!)).toBe(true);
    }
    // No card carries a whole icon of its own.
    for (const article of container.querySelectorAll("article")) {
      expect(article.querySelectorAll("path")).toHaveLength(0);
    }
  });

  it("lets the shopper pick a weight on the product's steps, priced, and adds it in grams", async () => {
    await showGrid([{ ...PRODUCTS[0]!, pricePaise: 4000 }], RECORDING);
    const weight = screen.getByTestId("weight-choice");
    expect(weight.textContent).toBe("250 g · ₹10.00");
    expect(screen.getByText("per kg", { exact: false }).textContent).toBe(" per kg");
    const less = screen.getByRole("button", { name: "Decrease weight of apples" });
    const more = screen.getByRole("button", { name: "Increase weight of apples" });
    expect(less).toHaveProperty("disabled", true);
    for (let step = 0; step < 4; step += 1) act(() => fireEvent.click(more));
    expect(weight.textContent).toBe("1.25 kg · ₹50.00");
    act(() => fireEvent.click(less));
    expect(weight.textContent).toBe("1 kg · ₹40.00");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add 1 kg apples to cart" })));
    expect(asked).toEqual([["apples", 1000]]);
  });

  it("goes no higher than the stock and one order's cap, less what the cart holds", async () => {
    const scarce = { ...PRODUCTS[0]!, id: "scarce", name: "scarce", stock: 700 };
    const held = { ...PRODUCTS[1]!, id: "held", name: "held" };
    await showGrid([scarce, held], { ...RECORDING, quantities: new Map([["held", 49_800]]) });
    const more = screen.getByRole("button", { name: "Increase weight of scarce" });
    act(() => fireEvent.click(more));
    // 500 g, then no more: 750 g is beyond the 700 g left.
    expect(more).toHaveProperty("disabled", true);
    expect(screen.getByText("Only 700 g left")).toBeTruthy();
    const full = screen.getByRole("button", {
      name: "held: up to 50 kg per order, already in your cart",
    });
    expect(full).toHaveProperty("disabled", true);
    expect(screen.getAllByTestId("per-order-note").map((note) => note.textContent)).toEqual([
      "Up to 50 kg per order",
    ]);
  });

  it("adds counted products by the unit, with no weight to pick", async () => {
    const kiwi: Product = {
      ...PRODUCTS[0]!,
      id: "kiwi",
      name: "Kiwi",
      unit: "pack",
      step: 1,
      minimum: 1,
      stock: 60,
      pricePaise: 12000,
    };
    await showGrid([kiwi], RECORDING);
    expect(screen.queryByTestId("weight-choice")).toBeNull();
    expect(screen.getByText("/ pack", { exact: false })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add Kiwi to cart" })));
    expect(asked).toEqual([["kiwi", 1]]);
  });

  it("words a counted product's unit in the page's language", async () => {
    shown = createShopI18n("or");
    await loadTexts(shown, ["frame", "routes/shop"]);
    await showGrid(
      [{ ...PRODUCTS[0]!, id: "kiwi", name: "Kiwi", unit: "pack", step: 1, minimum: 1 }],
      RECORDING,
    );
    expect(screen.getByText("/ ପ୍ୟାକେଟ", { exact: false })).toBeTruthy();
    expect(screen.queryByText("/ pack", { exact: false })).toBeNull();
  });
});

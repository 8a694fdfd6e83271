// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../../shared/catalogue.ts";
import * as harvestDate from "../../../../shared/rules/harvest-date.ts";
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
  image: `/images/products/${id}.svg`,
  description: id,
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 40,
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

/** A page holding a cart of its own, as a route hands the grid the shopper's. */
function PageWithCart({ children }: { children: (cart: CardCart) => React.ReactNode }) {
  const [quantities, setQuantities] = useState<ReadonlyMap<string, number>>(new Map());
  const [add] = useState(() => (product: Product) => {
    added.push(product.id);
    setQuantities((held) => new Map(held).set(product.id, (held.get(product.id) ?? 0) + 1));
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

let router: Router | undefined;
afterEach(() => {
  cleanup();
  router?.dispose();
  added.length = 0;
});

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
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add mangoes to cart" })));
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
});

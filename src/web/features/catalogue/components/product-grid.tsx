import { startTransition, useEffect, useState } from "react";
import type { Product } from "../../../../shared/catalogue.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { CardIconSprite } from "./card-icons.tsx";
import { type CardCart, ProductCard, ProductCardSkeleton } from "./product-card.tsx";

const GRID = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

/**
 * Cards drawn in the first pass when the browser draws the grid itself; the rest follow in
 * background renders of a batch each, so no single commit holds the main thread long enough to
 * delay a tap. The server draws every card, and hydration (which yields on its own) meets them all.
 */
const FIRST_PASS = 8;
const BATCH = 12;
/** The largest row the grid lays out: its pictures are fetched first. */
const FIRST_ROW = 4;

function useProgressiveCount(total: number): number {
  const hydrated = useHydrated();
  const [count, setCount] = useState(hydrated ? FIRST_PASS : total);
  useEffect(() => {
    if (count < total) startTransition(() => setCount(Math.min(total, count + BATCH)));
  }, [count, total]);
  return count;
}

export function ProductGrid({
  products,
  cart,
  leadsPage = false,
}: {
  products: readonly Product[];
  cart: CardCart;
  /** The grid is the first thing on the page: its first row is fetched eagerly, first. */
  leadsPage?: boolean;
}) {
  const shown = useProgressiveCount(products.length);
  return (
    <CardIconSprite>
      <ul className={GRID}>
        {products.slice(0, shown).map((product, index) => (
          // Cards out of view are laid out and painted only as they scroll near: the whole
          // catalogue arrives in the HTML, and a phone should not lay all of it out at once.
          <li
            key={product.id}
            className="flex [contain-intrinsic-size:auto_28rem] [content-visibility:auto]"
          >
            <div className="w-full">
              <ProductCard
                product={product}
                inCart={cart.quantities.get(product.id) ?? 0}
                onAdd={cart.add}
                eager={leadsPage && index < FIRST_ROW}
              />
            </div>
          </li>
        ))}
      </ul>
    </CardIconSprite>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={GRID}>
      <span role="status" className="sr-only">
        Loading products
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}

import { startTransition, useEffect, useState } from "react";
import type { Product } from "../../../../shared/catalogue.ts";
import { ProductCard, ProductCardSkeleton } from "./product-card.tsx";

const GRID = "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

/**
 * Cards drawn in the first pass; the rest follow in background renders of a batch each, so no
 * single commit holds the main thread long enough to delay a tap.
 */
const FIRST_PASS = 8;
const BATCH = 12;

function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_PASS);
  useEffect(() => {
    if (count < total) startTransition(() => setCount(Math.min(total, count + BATCH)));
  }, [count, total]);
  return count;
}

export function ProductGrid({ products }: { products: readonly Product[] }) {
  const shown = useProgressiveCount(products.length);
  return (
    <ul className={GRID}>
      {products.slice(0, shown).map((product, index) => (
        <li key={product.id} className="flex">
          <div className="w-full">
            <ProductCard product={product} eager={index < 4} />
          </div>
        </li>
      ))}
    </ul>
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

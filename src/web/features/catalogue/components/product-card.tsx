import { memo } from "react";
import type { Product } from "../../../../shared/catalogue.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { harvestedLabel } from "../../../../shared/rules/harvest-date.ts";
import { MAX_PER_ORDER, PER_ORDER_NOTE } from "../../../../shared/rules/order-quantity.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { CardIcon } from "./card-icons.tsx";

const LOW_STOCK = 5;

/**
 * What the cards need of the shopper's cart. The page that shows them hands it in, so the
 * catalogue does without the cart, which itself reads the catalogue.
 */
export type CardCart = {
  /** How many of each product the cart holds, by product id. */
  quantities: ReadonlyMap<string, number>;
  /** The Add button's action: the same function for the page's life, or every card is redrawn. */
  add(product: Product): void;
};

/**
 * One product of the shop. Drawn again only when its own props change: the grid hands each card
 * how many of it are in the cart, so a change to the cart redraws only the card it concerns.
 */
export const ProductCard = memo(function ProductCard({
  product,
  inCart,
  onAdd,
  eager = false,
}: {
  product: Product;
  /** How many of it the cart holds. */
  inCart: number;
  onAdd: CardCart["add"];
  eager?: boolean;
}) {
  const soldOut = product.stock === 0;
  const atCap = inCart >= MAX_PER_ORDER;
  const headingId = `product-${product.id}`;
  const harvested = soldOut ? undefined : harvestedLabel(product.harvestedOn);
  return (
    <article
      aria-labelledby={headingId}
      className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-card transition-shadow hover:shadow-lg"
      data-testid="product-card"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-cream-200">
        <img
          src={product.image}
          srcSet={product.photoSrcSet ?? undefined}
          sizes={product.photoSrcSet ? "(min-width: 640px) 400px, 100vw" : undefined}
          alt={product.name}
          width={400}
          height={300}
          loading={eager ? "eager" : "lazy"}
          // The first row holds the page's largest paint: fetch it before the code.
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          {product.organic && (
            <Badge>
              <CardIcon name="leaf" className="h-3 w-3" /> Organic
            </Badge>
          )}
          {product.local && (
            <Badge tone="saffron" className="bg-saffron-400 text-ink-900">
              <CardIcon name="map-pin" className="h-3 w-3" /> Local
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 id={headingId} className="text-lg font-bold text-ink-900">
          {product.name}
        </h3>
        {harvested && (
          <p
            className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700"
            data-testid="harvested-on"
          >
            <CardIcon name="sprout" className="h-3.5 w-3.5" /> {harvested}
          </p>
        )}
        <p className="mt-1 line-clamp-2 flex-1 text-sm text-ink-500">{product.description}</p>
        <div className="mt-4 flex items-end justify-between gap-2">
          <p>
            <span className="text-xl font-bold text-brand-700">
              {formatRupees(product.pricePaise)}
            </span>
            <span className="text-sm text-ink-500"> / {product.unit}</span>
          </p>
          <Button
            size="sm"
            onClick={() => onAdd(product)}
            disabled={soldOut || atCap}
            aria-label={
              soldOut
                ? `${product.name} is sold out`
                : atCap
                  ? `${product.name}: ${PER_ORDER_NOTE.toLowerCase()}, already in your cart`
                  : `Add ${product.name} to cart`
            }
          >
            <CardIcon name="shopping-cart" className="h-4 w-4" />
            {soldOut ? "Sold out" : "Add"}
          </Button>
        </div>
        {!soldOut && atCap && (
          <p className="mt-2 text-xs font-semibold text-saffron-600" data-testid="per-order-note">
            {PER_ORDER_NOTE}
          </p>
        )}
        {!soldOut && product.stock <= LOW_STOCK && (
          <p className="mt-2 text-xs font-semibold text-saffron-600">Only {product.stock} left</p>
        )}
      </div>
    </article>
  );
});

export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse overflow-hidden rounded-2xl bg-white shadow-card"
    >
      <div className="aspect-[4/3] bg-cream-200" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-2/3 rounded bg-cream-200" />
        <div className="h-4 w-full rounded bg-cream-200" />
        <div className="h-9 w-full rounded-full bg-cream-200" />
      </div>
    </div>
  );
}

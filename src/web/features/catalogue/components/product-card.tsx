import { memo, useState } from "react";
import { type Product, productDescription, productName } from "../../../../shared/catalogue.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { harvestedLabel } from "../../../../shared/rules/harvest-date.ts";
import {
  formatQuantity,
  isWeighed,
  maxPerOrder,
  pricedPer,
  pricedUnitLabel,
  unitWord,
} from "../../../../shared/rules/measure.ts";
import { perOrderNote } from "../../../../shared/rules/order-quantity.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import {
  mostOnSteps,
  quantityAndPrice,
  stepDown,
  stepsOf,
  stepUp,
} from "../../../lib/product-quantity.ts";
import { CardIcon } from "./card-icons.tsx";

/** Five units, or five kilos of what is weighed: "Only 4.5 kg left". */
const LOW_STOCK_UNITS = 5;

const STEP_BUTTON =
  "flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-lg font-semibold text-ink-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40";

/**
 * What the cards need of the shopper's cart. The page that shows them hands it in, so the
 * catalogue does without the cart, which itself reads the catalogue.
 */
export type CardCart = {
  /** How much of each product the cart holds (grams or units), by product id. */
  quantities: ReadonlyMap<string, number>;
  /**
   * The Add button's action, with the weight chosen (grams) or the product's least number of
   * units: the same function for the page's life, or every card is redrawn.
   */
  add(product: Product, quantity: number): void;
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
  /** How much of it the cart holds, in grams or units. */
  inCart: number;
  onAdd: CardCart["add"];
  eager?: boolean;
}) {
  const weighed = isWeighed(product.unit);
  const { minimum } = stepsOf(product);
  const cap = maxPerOrder(product.unit);
  const soldOut = product.stock < minimum;
  const atCap = inCart + minimum > cap;
  // A weight is chosen on the product's steps, within the order's cap and the stock, less what
  // the cart already holds; counted products go in by their least number of units.
  const top = mostOnSteps(product, (weighed ? Math.min(cap, product.stock) : cap) - inCart);
  const [choice, setChoice] = useState(minimum);
  const chosen = Math.max(minimum, Math.min(choice, top));
  const full = top === 0;
  const headingId = `product-${product.id}`;
  const harvested = soldOut ? undefined : harvestedLabel(product.harvestedOn);
  const lowStock = !soldOut && product.stock <= LOW_STOCK_UNITS * pricedPer(product.unit);
  const { i18n } = useLingui();
  const name = productName(product, i18n.locale);
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
          alt={name}
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
              <CardIcon name="leaf" className="h-3 w-3" /> {i18n._("Organic")}
            </Badge>
          )}
          {product.local && (
            <Badge tone="saffron" className="bg-saffron-400 text-ink-900">
              <CardIcon name="map-pin" className="h-3 w-3" /> {i18n._("Local")}
            </Badge>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <h3 id={headingId} className="text-lg font-bold text-ink-900">
          {name}
        </h3>
        {harvested && (
          <p
            className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand-700"
            data-testid="harvested-on"
          >
            <CardIcon name="sprout" className="h-3.5 w-3.5" /> {harvested}
          </p>
        )}
        <p className="mt-1 line-clamp-2 flex-1 text-sm text-ink-500">
          {productDescription(product, i18n.locale)}
        </p>
        {weighed && !soldOut && (
          <fieldset className="mt-4 flex items-center justify-between rounded-full border border-ink-500/20 bg-white">
            <legend className="sr-only">{i18n._("Weight of {name}", { name })}</legend>
            <button
              type="button"
              className={STEP_BUTTON}
              aria-label={i18n._("Decrease weight of {name}", { name })}
              disabled={full || chosen <= minimum}
              onClick={() => setChoice(Math.max(minimum, stepDown(product, chosen)))}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output
              aria-live="polite"
              className="px-1 text-center text-sm font-semibold whitespace-nowrap tabular-nums text-ink-900"
              data-testid="weight-choice"
            >
              {quantityAndPrice(product, chosen)}
            </output>
            <button
              type="button"
              className={STEP_BUTTON}
              aria-label={i18n._("Increase weight of {name}", { name })}
              disabled={full || stepUp(product, chosen) > top}
              onClick={() => setChoice(stepUp(product, chosen))}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
        )}
        <div className="mt-4 flex items-end justify-between gap-2">
          <p>
            <span className="text-xl font-bold text-brand-700">
              {formatRupees(product.pricePaise)}
            </span>
            <span className="text-sm text-ink-500">
              {weighed
                ? ` ${i18n._(pricedUnitLabel(product.unit))}`
                : ` / ${i18n._(unitWord(product.unit))}`}
            </span>
          </p>
          <Button
            size="sm"
            onClick={() => onAdd(product, weighed ? chosen : minimum)}
            disabled={soldOut || full}
            aria-label={
              soldOut
                ? i18n._("{name} is sold out", { name })
                : atCap
                  ? i18n._("{name}: {note}, already in your cart", {
                      name,
                      note: perOrderNote(product.unit).toLowerCase(),
                    })
                  : full
                    ? i18n._("{name}: all we have is in your cart", { name })
                    : weighed
                      ? i18n._("Add {quantity} {name} to cart", {
                          quantity: formatQuantity(chosen, product.unit),
                          name,
                        })
                      : i18n._("Add {name} to cart", { name })
            }
          >
            <CardIcon name="shopping-cart" className="h-4 w-4" />
            {soldOut ? i18n._("Sold out") : i18n._("Add")}
          </Button>
        </div>
        {!soldOut && atCap && (
          <p className="mt-2 text-xs font-semibold text-saffron-800" data-testid="per-order-note">
            {perOrderNote(product.unit)}
          </p>
        )}
        {lowStock && (
          <p className="mt-2 text-xs font-semibold text-saffron-800">
            {i18n._("Only {left} left", {
              left: weighed ? formatQuantity(product.stock, product.unit) : product.stock,
            })}
          </p>
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

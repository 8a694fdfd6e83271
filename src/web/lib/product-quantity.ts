// How much of a product a shopper can pick, and how the storefront writes it: one place for the
// product cards, the cart and checkout. Quantities are the shared integers (measure.ts): grams for
// what is sold by weight, whole units otherwise.
import type { Product } from "../../shared/catalogue.ts";
import { formatRupees } from "../../shared/money.ts";
import {
  formatQuantity,
  isWeighed,
  lineAmountPaise,
  maxPerOrder,
  pricedUnitLabel,
  type Translate,
  UNIT_STEPS,
  unitWord,
} from "../../shared/rules/measure.ts";

type Measured = Pick<Product, "unit"> & Partial<Pick<Product, "step" | "minimum">>;
type Priced = Pick<Product, "unit" | "pricePaise">;

/**
 * The steps a product is bought in when it does not say (a product kept in the browser by an older
 * version of the store): quarter kilos, as the shop starts its produce, or whole units.
 */
const WEIGHED_FALLBACK = { step: 250, minimum: 250 } as const;

const positive = (value: number | undefined): value is number =>
  typeof value === "number" && Number.isInteger(value) && value > 0;

/** The product's steps: from `minimum` up in steps of `step`, in grams or units. */
export function stepsOf(product: Measured) {
  const fallback = isWeighed(product.unit) ? WEIGHED_FALLBACK : UNIT_STEPS;
  return {
    unit: product.unit,
    step: positive(product.step) ? product.step : fallback.step,
    minimum: positive(product.minimum) ? product.minimum : fallback.minimum,
  };
}

/**
 * The most of the product on its steps within `limit` (and never above one order's cap), or 0
 * when not even its minimum fits.
 */
export function mostOnSteps(product: Measured, limit: number): number {
  const { step, minimum } = stepsOf(product);
  const room = Math.min(limit, maxPerOrder(product.unit));
  if (room < minimum) return 0;
  return minimum + Math.floor((room - minimum) / step) * step;
}

/** One step more: the minimum from below it, else the next step above (never capped here). */
export function stepUp(product: Measured, quantity: number): number {
  const { step, minimum } = stepsOf(product);
  if (quantity < minimum) return minimum;
  return minimum + (Math.floor((quantity - minimum) / step) + 1) * step;
}

/** One step less: the step below; 0 (nothing) once that would be below the minimum. */
export function stepDown(product: Measured, quantity: number): number {
  const { step, minimum } = stepsOf(product);
  const steps = Math.ceil((quantity - minimum) / step) - 1;
  return steps < 0 ? 0 : minimum + steps * step;
}

/** "₹40.00 per kg" for what is weighed, "₹120.00 / pack" for what is counted. */
export function priceLabel(product: Priced, translate: Translate): string {
  const price = formatRupees(product.pricePaise);
  return isWeighed(product.unit)
    ? `${price} ${translate(pricedUnitLabel(product.unit))}`
    : `${price} / ${translate(unitWord(product.unit))}`;
}

/** What a quantity costs before GST, in paise. */
export const amountOf = (product: Priced, quantity: number) =>
  lineAmountPaise(product.pricePaise, quantity, product.unit);

/** "500 g · ₹20.00", "1.25 kg · ₹50.00": a weight and what it costs. */
export const quantityAndPrice = (product: Priced, quantity: number) =>
  `${formatQuantity(quantity, product.unit)} · ${formatRupees(amountOf(product, quantity))}`;

// How much of a product: exact integers in its smallest unit, grams for what is sold by weight and
// whole units for what is counted. A weighed product's price is per kilogram; a counted one's per
// unit. Every quantity the store stores, sends or prices is one of these integers.

/** Sold by weight: the price is per kilogram and quantities are grams. */
export const WEIGHT_UNITS = ["kg"] as const;
/** Counted: the price is per unit and quantities are whole units. */
export const COUNT_UNITS = ["each", "dozen", "bunch", "pack", "liter"] as const;
export const PRODUCT_UNITS = [...WEIGHT_UNITS, ...COUNT_UNITS] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** Grams in a kilogram: what a weighed product's price is for. */
export const GRAMS_PER_KG = 1000;

/** The most of one product a shop order takes, in units or in kilograms; more is a bulk order. */
export const MAX_PER_ORDER_UNITS = 50;

export function isWeighed(unit: string): boolean {
  return (WEIGHT_UNITS as readonly string[]).includes(unit);
}

/** How many of the smallest unit the price is for: 1000 grams, or 1 unit. */
export function pricedPer(unit: string): number {
  return isWeighed(unit) ? GRAMS_PER_KG : 1;
}

/** The most of one product an order takes, in its smallest unit. */
export function maxPerOrder(unit: string): number {
  return MAX_PER_ORDER_UNITS * pricedPer(unit);
}

/**
 * What a quantity costs before GST, in paise: the price times the quantity, rounded once, half
 * away from zero, to whole paise (750 g at ₹40.00 a kilo is ₹30.00; 333 g is ₹13.32).
 */
export function lineAmountPaise(pricePaise: number, quantity: number, unit: string): number {
  const per = pricedPer(unit);
  return per === 1 ? pricePaise * quantity : Math.round((pricePaise * quantity) / per);
}

// Made on first use: building a formatter costs a phone's first render time (see money.ts).
let kilos: Intl.NumberFormat | undefined;

/**
 * "750 g", "1 kg", "1.25 kg", "1,250 kg" for a weight in grams; "2 bunch" for units, and plain
 * "2" for things sold each.
 */
export function formatQuantity(quantity: number, unit: string): string {
  if (unit === "each") return String(quantity);
  if (!isWeighed(unit)) return `${quantity} ${unit}`;
  if (Math.abs(quantity) < GRAMS_PER_KG) return `${quantity} g`;
  kilos ??= new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });
  return `${kilos.format(quantity / GRAMS_PER_KG)} kg`;
}

/** What a price is for, per unit: English's words are the keys of the other languages'. */
const PRICED_PER: Record<string, string> = {
  kg: /*i18n*/ "per kg",
  each: /*i18n*/ "each",
  dozen: /*i18n*/ "per dozen",
  bunch: /*i18n*/ "per bunch",
  pack: /*i18n*/ "per pack",
  liter: /*i18n*/ "per liter",
};

/** "per kg", "per bunch", "each": what the price is for. */
export const pricedUnitLabel = (unit: string) => PRICED_PER[unit] ?? `per ${unit}`;

/** A counted unit's word after a price's slash ("₹120.00 / pack"), for the languages to word. */
const UNIT_WORDS: Record<string, string> = {
  each: PRICED_PER.each!,
  dozen: /*i18n*/ "dozen",
  bunch: /*i18n*/ "bunch",
  pack: /*i18n*/ "pack",
  liter: /*i18n*/ "liter",
};

/** "pack", "dozen": the word a page shows (translated) after a counted product's price. */
export const unitWord = (unit: string) => UNIT_WORDS[unit] ?? unit;

/** A count of a unit, as a sentence with the count in it, for the languages to word. */
const COUNTED: Record<string, string> = {
  dozen: /*i18n*/ "{quantity} dozen",
  bunch: /*i18n*/ "{quantity} bunch",
  pack: /*i18n*/ "{quantity} pack",
  liter: /*i18n*/ "{quantity} liter",
};

/** Translates a text by its English (a Lingui translator's `_`), with its values. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * `formatQuantity` in a page's or mail's language: a count of bunches or packs is worded by the
 * language ("2 ବିଡ଼ା"); weights keep "g" and "kg", as shop labels and scales in India print them.
 */
export function formatQuantityIn(translate: Translate, quantity: number, unit: string): string {
  const counted = COUNTED[unit];
  return counted ? translate(counted, { quantity }) : formatQuantity(quantity, unit);
}

/** A product's steps: what a shopper may buy, in its smallest unit. */
export type Steps = { name: string; unit: string; step: number; minimum: number };

/** The steps of a counted product: any whole number of units from one. */
export const UNIT_STEPS = { step: 1, minimum: 1 } as const;

export const MEASURE_MESSAGES = {
  notWhole: (name: string, unit: string) =>
    isWeighed(unit)
      ? `${name}: please give the weight in whole grams.`
      : `${name}: please give a whole number of ${unit}.`,
  belowMinimum: (product: Steps) =>
    `${product.name}: the least you can buy is ${formatQuantity(product.minimum, product.unit)}.`,
  offStep: (product: Steps) =>
    `${product.name} is sold in steps of ${formatQuantity(product.step, product.unit)} (for example ${formatQuantity(product.minimum, product.unit)}, ${formatQuantity(product.minimum + product.step, product.unit)}).`,
  overCap: (product: Pick<Steps, "name" | "unit">) =>
    `${product.name}: at most ${formatQuantity(maxPerOrder(product.unit), product.unit)} per order. For more, please place a bulk order.`,
  weightText:
    "Please give the weight in kilograms, with at most three decimals (for example 12.5 or 0.75).",
  unitsText: "Please give a whole number.",
} as const;

/** Why a shopper cannot buy this quantity of the product, or undefined when they can. */
export function quantityProblem(product: Steps, quantity: number): string | undefined {
  if (!Number.isInteger(quantity) || quantity <= 0) {
    return MEASURE_MESSAGES.notWhole(product.name, product.unit);
  }
  if (quantity > maxPerOrder(product.unit)) return MEASURE_MESSAGES.overCap(product);
  if (quantity < product.minimum) return MEASURE_MESSAGES.belowMinimum(product);
  if ((quantity - product.minimum) % product.step !== 0) return MEASURE_MESSAGES.offStep(product);
  return undefined;
}

/** The nearest quantity on the product's steps, within its minimum and the order cap. */
export function onSteps(product: Pick<Steps, "unit" | "step" | "minimum">, quantity: number) {
  const cap = maxPerOrder(product.unit);
  const top = product.minimum + Math.floor((cap - product.minimum) / product.step) * product.step;
  if (!(quantity > product.minimum)) return product.minimum;
  const steps = Math.round((quantity - product.minimum) / product.step);
  return Math.min(top, product.minimum + steps * product.step);
}

/**
 * The most a shopper may buy of at most `quantity`: on the product's steps and within its cap, or
 * 0 when that is below its minimum (a cart or a buy-again never holds a weight checkout refuses).
 */
export function floorToSteps(
  product: Pick<Steps, "unit" | "step" | "minimum">,
  quantity: number,
): number {
  const most = Math.min(Math.floor(quantity), maxPerOrder(product.unit));
  if (most < product.minimum) return 0;
  return product.minimum + Math.floor((most - product.minimum) / product.step) * product.step;
}

/**
 * A quantity typed by staff, in the product's unit: kilograms with up to three decimals for a
 * weighed product ("12.5" is 12,500 g), a whole number otherwise. Answers the integer, or the
 * message saying what was wrong.
 */
export function parseQuantityText(
  text: string,
  unit: string,
): { quantity: number } | { problem: string } {
  const trimmed = text.trim();
  if (!isWeighed(unit)) {
    return /^\d{1,9}$/.test(trimmed)
      ? { quantity: Number(trimmed) }
      : { problem: MEASURE_MESSAGES.unitsText };
  }
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(trimmed);
  if (!match) return { problem: MEASURE_MESSAGES.weightText };
  const grams = Number(match[1]) * GRAMS_PER_KG + Number((match[2] ?? "").padEnd(3, "0"));
  return { quantity: grams };
}

/** A quantity as staff type it back: "12.5" for 12,500 g, "3" for 3 units. */
export function quantityText(quantity: number, unit: string): string {
  if (!isWeighed(unit)) return String(quantity);
  const whole = Math.trunc(quantity / GRAMS_PER_KG);
  const grams = Math.abs(quantity % GRAMS_PER_KG);
  const sign = quantity < 0 && whole === 0 ? "-" : "";
  return grams === 0
    ? `${sign}${whole}`
    : `${sign}${whole}.${String(grams).padStart(3, "0").replace(/0+$/, "")}`;
}

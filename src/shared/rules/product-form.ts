// The inventory manager's product form: its limits and messages, shared by the page and the API.

/** GST slabs a product may carry, in basis points (500 is 5%). Fresh produce is mostly 0. */
export const GST_RATES_BPS = [0, 25, 300, 500, 1200, 1800, 2800] as const;
export type GstRateBps = (typeof GST_RATES_BPS)[number];

export function gstRateLabel(bps: number): string {
  return `${bps / 100}%`;
}

export const PRODUCT_FORM_LIMITS = {
  name: 80,
  description: 1000,
  shelfLocation: 40,
  /** A unit price above ₹1,00,000 is a typo at a produce shop. */
  maxPricePaise: 10_000_000,
  /** Units, or kilograms of a product sold by weight. */
  maxLowStockUnits: 100_000,
  /** The form's bound in grams (the unit's own bound is checked with the unit). */
  maxLowStockThreshold: 100_000_000,
} as const;

export const PRODUCT_FORM_MESSAGES = {
  nameRequired: "Please enter the product name",
  nameTooLong: `Name must be at most ${PRODUCT_FORM_LIMITS.name} characters`,
  shelfLocationTooLong: "Shelf location must be at most 40 characters",
  descriptionTooLong: `Description must be at most ${PRODUCT_FORM_LIMITS.description} characters`,
  localNameTooLong: `A name in Odia or Hindi must be at most ${PRODUCT_FORM_LIMITS.name} characters`,
  localDescriptionTooLong: `A description in Odia or Hindi must be at most ${PRODUCT_FORM_LIMITS.description} characters`,
  categoryUnknown: "Please choose one of the shop's categories",
  unitUnknown: "Please choose a unit",
  priceRequired: "Please enter the price",
  priceNotPositive: "Price must be more than ₹0",
  priceTooHigh: "Price must be at most ₹1,00,000",
  priceFormat: "Price must be in rupees with at most 2 decimals, e.g. 45 or 45.50",
  gstRateUnknown: "GST rate must be one of 0%, 0.25%, 3%, 5%, 12%, 18% or 28%",
  thresholdInvalid: "Low-stock threshold must be a whole number, 0 or more",
  measureChange: (unit: string) =>
    unit === "kg"
      ? "This product is sold by weight: its stock and orders are in grams, so it cannot become a counted unit. Add a new product instead."
      : "This product is counted: its stock and orders are in units, so it cannot become sold by weight. Add a new product instead.",
  stepInvalid: "Step must be a whole number of grams or units above 0",
  stepTooLarge: "Step must be at most what one order takes (50 kg or 50 units)",
  minimumInvalid: "Minimum must be a whole number of grams or units above 0",
  minimumTooLarge: "Minimum must be at most what one order takes (50 kg or 50 units)",
  thresholdTooHigh: `Low-stock threshold must be at most ${PRODUCT_FORM_LIMITS.maxLowStockUnits.toLocaleString("en-IN")} kg or units`,
  versionConflict:
    "This product was changed since you opened it. Reload to see the latest and make your change again.",
  archived: "This product is archived: restore it first",
  notFound: "No such product",
} as const;

/** Why a typed amount of rupees could not be read. */
export type RupeesProblem = "format" | "grouping" | "decimalComma";

// Thousands grouped the Indian way (1,00,000) or the international way (100,000): both are sure.
const INDIAN_GROUPS = /^\d{1,2}(,\d{2})*,\d{3}$/;
const THOUSANDS = /^\d{1,3}(,\d{3})+$/;

/**
 * "45", "45.5", "45.50", "₹ 1,200", "1,00,000" -> paise. Commas must group thousands: "12,5"
 * (a comma for a decimal point) and "1,2,00" are refused, not guessed.
 */
export function readRupees(text: string): { paise: number } | { problem: RupeesProblem } {
  const cleaned = text.replace(/[₹\s]/g, "");
  const [whole = "", fraction, ...more] = cleaned.split(".");
  if (more.length > 0 || (fraction !== undefined && !/^\d{1,2}$/.test(fraction))) {
    return { problem: "format" };
  }
  if (whole.includes(",")) {
    if (fraction === undefined && /^\d+,\d{1,2}$/.test(whole)) return { problem: "decimalComma" };
    if (!INDIAN_GROUPS.test(whole) && !THOUSANDS.test(whole)) return { problem: "grouping" };
  } else if (!/^\d+$/.test(whole)) {
    return { problem: "format" };
  }
  return {
    paise: Number(whole.replaceAll(",", "")) * 100 + Number((fraction ?? "").padEnd(2, "0")),
  };
}

/** The amount in paise, or undefined when it is not an amount of rupees (see `readRupees`). */
export function rupeesTextToPaise(text: string): number | undefined {
  const read = readRupees(text);
  return "paise" in read ? read.paise : undefined;
}

/** Paise as the form shows them: 4550 -> "45.50", 4500 -> "45". */
export function paiseToRupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

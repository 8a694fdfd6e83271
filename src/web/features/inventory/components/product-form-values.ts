// What the product form holds while the manager types (the price in rupees, numbers as text, the
// threshold in the product's unit, a weighed product's steps in grams) and how it becomes the
// shared schema's input, so the page and the API refuse with the same words.
import type { CategoryId, ProductUnit } from "../../../../shared/catalogue.ts";
import {
  type InventoryProduct,
  type ProductForm,
  productFormSchema,
} from "../../../../shared/contracts/inventory.ts";
import {
  isWeighed,
  parseQuantityText,
  quantityText,
  UNIT_STEPS,
} from "../../../../shared/rules/measure.ts";
import {
  PRODUCT_FORM_MESSAGES,
  paiseToRupeesText,
  rupeesTextToPaise,
} from "../../../../shared/rules/product-form.ts";
import type { FormChecks } from "../../../lib/form-checks.ts";
import { schemaChecks } from "../../../lib/schema-checks.ts";

export type ProductFormValues = {
  name: string;
  description: string;
  nameOr: string;
  nameHi: string;
  descriptionOr: string;
  descriptionHi: string;
  category: CategoryId | "";
  unit: ProductUnit | "";
  price: string;
  gstRateBps: string;
  hsnCode: string;
  shelfLocation: string;
  organic: boolean;
  local: boolean;
  inSeason: boolean;
  featured: boolean;
  /** In the product's unit: kilograms (up to 3 decimals) for what is weighed, units otherwise. */
  lowStockThreshold: string;
  /** A weighed product's steps, in whole grams; a counted product sells in ones and sends 1. */
  step: string;
  minimum: string;
};

/** What a weighed product starts with: quarter kilos, as the shop's opening catalogue does. */
export const DEFAULT_WEIGHED_STEPS = { step: 250, minimum: 250 } as const;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  nameOr: "",
  nameHi: "",
  descriptionOr: "",
  descriptionHi: "",
  category: "",
  unit: "",
  price: "",
  gstRateBps: "0",
  hsnCode: "",
  shelfLocation: "",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  lowStockThreshold: "10",
  step: String(DEFAULT_WEIGHED_STEPS.step),
  minimum: String(DEFAULT_WEIGHED_STEPS.minimum),
};

export function formValuesOf(product: InventoryProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    nameOr: product.nameOr ?? "",
    nameHi: product.nameHi ?? "",
    descriptionOr: product.descriptionOr ?? "",
    descriptionHi: product.descriptionHi ?? "",
    category: product.category,
    unit: product.unit,
    price: paiseToRupeesText(product.pricePaise),
    gstRateBps: String(product.gstRateBps),
    hsnCode: product.hsnCode,
    shelfLocation: product.shelfLocation ?? "",
    organic: product.organic,
    local: product.local,
    inSeason: product.inSeason,
    featured: product.featured,
    lowStockThreshold: quantityText(product.lowStockThreshold, product.unit),
    // A counted product's fields stay hidden; should it become weighed, they start at quarter kilos.
    ...(isWeighed(product.unit)
      ? { step: String(product.step), minimum: String(product.minimum) }
      : { step: EMPTY_PRODUCT_FORM.step, minimum: EMPTY_PRODUCT_FORM.minimum }),
  };
}

/** The form's fields, in the order they appear. */
export const PRODUCT_FIELDS = [
  "name",
  "category",
  "description",
  "nameOr",
  "nameHi",
  "descriptionOr",
  "descriptionHi",
  "price",
  "unit",
  "lowStockThreshold",
  "step",
  "minimum",
  "gstRateBps",
  "hsnCode",
  "shelfLocation",
  "organic",
  "local",
  "inSeason",
  "featured",
] as const satisfies readonly (keyof ProductFormValues)[];

/** The schema's field names where they differ from the form's. */
export const PRODUCT_FIELD_OF = { pricePaise: "price" } as const;

function pricePaiseOf(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  // A minus sign is a negative price, which deserves that message rather than a format one.
  if (text.trim().startsWith("-")) return -1;
  return rupeesTextToPaise(text) ?? Number.NaN;
}

const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

/**
 * The threshold in grams or units. Kilograms that are no weight answer the shared rule's words;
 * anything else the schema judges (a counted product's "2.5" is its "whole number" message).
 */
function thresholdOf(values: ProductFormValues): number | { problem: string } | undefined {
  if (values.lowStockThreshold.trim() === "") return undefined;
  if (!isWeighed(values.unit)) return numberOf(values.lowStockThreshold);
  const read = parseQuantityText(values.lowStockThreshold, values.unit);
  return "quantity" in read ? read.quantity : read;
}

const schemaChecksOf = schemaChecks(productFormSchema, {
  request: (values: ProductFormValues) => {
    const threshold = thresholdOf(values);
    const weighed = isWeighed(values.unit);
    return {
      ...values,
      category: values.category || undefined,
      unit: values.unit || undefined,
      pricePaise: pricePaiseOf(values.price),
      gstRateBps: numberOf(values.gstRateBps),
      lowStockThreshold: typeof threshold === "object" ? Number.NaN : threshold,
      // Left empty, the schema's default of 1 would sell a weighed product by the gram.
      step: weighed ? (numberOf(values.step) ?? Number.NaN) : UNIT_STEPS.step,
      minimum: weighed ? (numberOf(values.minimum) ?? Number.NaN) : UNIT_STEPS.minimum,
    };
  },
  fieldOf: PRODUCT_FIELD_OF,
});

/**
 * The shared schema on what the form stands for; a price that is no amount, or a weight that is
 * no weight, is told so.
 */
export const productFormChecks: FormChecks<ProductFormValues, ProductForm> = (values) => {
  const checked = schemaChecksOf(values);
  if (checked.ok) return checked;
  const problems = { ...checked.problems };
  if (problems.price && Number.isNaN(pricePaiseOf(values.price))) {
    problems.price = PRODUCT_FORM_MESSAGES.priceFormat;
  }
  const threshold = thresholdOf(values);
  if (problems.lowStockThreshold && typeof threshold === "object") {
    problems.lowStockThreshold = threshold.problem;
  }
  return { ok: false, problems };
};

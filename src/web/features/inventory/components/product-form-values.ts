// What the product form holds while the manager types (the price in rupees, numbers as text) and
// how it becomes the shared schema's input, so the page and the API refuse with the same words.
import type { CategoryId, ProductUnit } from "../../../../shared/catalogue.ts";
import {
  type InventoryProduct,
  type ProductForm,
  productFormSchema,
} from "../../../../shared/contracts/inventory.ts";
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
  category: CategoryId | "";
  unit: ProductUnit | "";
  price: string;
  gstRateBps: string;
  hsnCode: string;
  organic: boolean;
  local: boolean;
  inSeason: boolean;
  featured: boolean;
  lowStockThreshold: string;
};

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: "",
  description: "",
  category: "",
  unit: "",
  price: "",
  gstRateBps: "0",
  hsnCode: "",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  lowStockThreshold: "10",
};

export function formValuesOf(product: InventoryProduct): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    category: product.category,
    unit: product.unit,
    price: paiseToRupeesText(product.pricePaise),
    gstRateBps: String(product.gstRateBps),
    hsnCode: product.hsnCode,
    organic: product.organic,
    local: product.local,
    inSeason: product.inSeason,
    featured: product.featured,
    lowStockThreshold: String(product.lowStockThreshold),
  };
}

/** The form's fields, in the order they appear. */
export const PRODUCT_FIELDS = [
  "name",
  "category",
  "description",
  "price",
  "unit",
  "lowStockThreshold",
  "gstRateBps",
  "hsnCode",
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

const schemaChecksOf = schemaChecks(productFormSchema, {
  request: (values: ProductFormValues) => ({
    ...values,
    category: values.category || undefined,
    unit: values.unit || undefined,
    pricePaise: pricePaiseOf(values.price),
    gstRateBps: numberOf(values.gstRateBps),
    lowStockThreshold: numberOf(values.lowStockThreshold),
  }),
  fieldOf: PRODUCT_FIELD_OF,
});

/** The shared schema on what the form stands for; a price that is no amount is told so. */
export const productFormChecks: FormChecks<ProductFormValues, ProductForm> = (values) => {
  const checked = schemaChecksOf(values);
  if (checked.ok || !checked.problems.price || !Number.isNaN(pricePaiseOf(values.price))) {
    return checked;
  }
  return { ok: false, problems: { ...checked.problems, price: PRODUCT_FORM_MESSAGES.priceFormat } };
};

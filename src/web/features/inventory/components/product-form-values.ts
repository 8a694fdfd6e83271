// What the product form holds while the manager types (the price in rupees, numbers as text) and
// how it becomes the shared schema's input, so the page and the API refuse with the same words.
import type { FieldErrors, Resolver } from "react-hook-form";
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

/** The schema's field names where they differ from the form's. */
const FORM_FIELD: Record<string, keyof ProductFormValues> = { pricePaise: "price" };
export const formFieldOf = (field: string): keyof ProductFormValues =>
  FORM_FIELD[field] ?? (field as keyof ProductFormValues);

function pricePaiseOf(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  // A minus sign is a negative price, which deserves that message rather than a format one.
  if (text.trim().startsWith("-")) return -1;
  return rupeesTextToPaise(text) ?? Number.NaN;
}

const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

export const productFormResolver: Resolver<ProductFormValues, unknown, ProductForm> = async (
  values,
) => {
  const price = pricePaiseOf(values.price);
  const parsed = productFormSchema.safeParse({
    ...values,
    category: values.category || undefined,
    unit: values.unit || undefined,
    pricePaise: price,
    gstRateBps: numberOf(values.gstRateBps),
    lowStockThreshold: numberOf(values.lowStockThreshold),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<ProductFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? "name"));
    if (errors[field]) continue;
    const message =
      field === "price" && Number.isNaN(price) ? PRODUCT_FORM_MESSAGES.priceFormat : issue.message;
    errors[field] = { type: issue.code, message };
  }
  return { values: {}, errors };
};

// The catalogue's vocabulary as plain values, so the storefront can use it without a schema library.
export const CATEGORY_IDS = ["fruits", "vegetables", "dairy", "herbs"] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** In English; the storefront shows each in the page's language. */
export const CATEGORY_NAMES: Record<CategoryId, string> = {
  fruits: /*i18n*/ "Fruits",
  vegetables: /*i18n*/ "Vegetables",
  dairy: /*i18n*/ "Dairy",
  herbs: /*i18n*/ "Herbs",
};

export { PRODUCT_UNITS, type ProductUnit } from "./rules/measure.ts";

import type { ProductUnit } from "./rules/measure.ts";

export type Category = {
  id: CategoryId;
  name: string;
  description: string;
  image: string;
};

export type Product = {
  id: string;
  name: string;
  category: CategoryId;
  /** Per unit, or per kilogram for a product sold by weight; before GST. */
  pricePaise: number;
  unit: ProductUnit;
  /** What a shopper may buy, in grams or units: from `minimum` up in steps of `step`. */
  step: number;
  minimum: number;
  image: string;
  description: string;
  organic: boolean;
  local: boolean;
  inSeason: boolean;
  featured: boolean;
  /** In grams or units. */
  stock: number;
  /** Basis points: 500 is 5%. */
  gstRateBps: number;
  hsnCode: string;
  /** The latest receipt's harvest date (YYYY-MM-DD), only while that stock lasts. */
  harvestedOn?: string | null;
  /** The uploaded photo (400 px WebP; `image` then points at it too), or null. */
  photoUrl?: string | null;
  /** The uploaded photo's sizes as an img srcset, or null. */
  photoSrcSet?: string | null;
  /** The name and description in Odia and Hindi; absent or null shows the English. */
  nameOr?: string | null;
  nameHi?: string | null;
  descriptionOr?: string | null;
  descriptionHi?: string | null;
};

/** What a product is called on a page in `locale`: the English name where none is given. */
export function productName(
  product: Pick<Product, "name" | "nameOr" | "nameHi">,
  locale: string,
): string {
  const local = locale === "or" ? product.nameOr : locale === "hi" ? product.nameHi : null;
  return local || product.name;
}

/** A product's description on a page in `locale`, the English where none is given. */
export function productDescription(
  product: Pick<Product, "description" | "descriptionOr" | "descriptionHi">,
  locale: string,
): string {
  const local =
    locale === "or" ? product.descriptionOr : locale === "hi" ? product.descriptionHi : null;
  return local || product.description;
}

/** Images for categories without art of their own fall back to this one. */
export const DEFAULT_CATEGORY_IMAGE = "/images/categories/default.svg";

export function isCategoryId(value: string | null | undefined): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value ?? "");
}

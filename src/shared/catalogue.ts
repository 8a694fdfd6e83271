import { z } from "zod";

export const CATEGORY_IDS = ["fruits", "vegetables", "dairy", "herbs"] as const;
export const categoryIdSchema = z.enum(CATEGORY_IDS);
export type CategoryId = z.infer<typeof categoryIdSchema>;

export const PRODUCT_UNITS = [
  "kg",
  "dozen",
  "each",
  "Pack",
  "Bunch",
  "bunch",
  "500g",
  "100g",
  "liter",
] as const;
export const productUnitSchema = z.enum(PRODUCT_UNITS);
export type ProductUnit = z.infer<typeof productUnitSchema>;

/** GST rates the catalogue may carry, in basis points (500 = 5%). */
export const GST_RATES_BPS = [0, 500, 1200, 1800, 2800] as const;

export const categorySchema = z.object({
  id: categoryIdSchema,
  name: z.string(),
  description: z.string(),
  image: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: categoryIdSchema,
  pricePaise: z.number().int().nonnegative(),
  unit: productUnitSchema,
  image: z.string(),
  description: z.string(),
  organic: z.boolean(),
  local: z.boolean(),
  inSeason: z.boolean(),
  featured: z.boolean(),
  stock: z.number().int().nonnegative(),
  gstRateBps: z.number().int().nonnegative(),
  hsnCode: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Images for categories without art of their own fall back to this one. */
export const DEFAULT_CATEGORY_IMAGE = "/images/categories/default.svg";

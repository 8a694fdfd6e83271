import { z } from "zod";
import { CATEGORY_IDS, PRODUCT_UNITS } from "../catalogue.ts";
import { MAX_SEARCH_LENGTH } from "../rules/product-filters.ts";

export const categoryIdSchema = z.enum(CATEGORY_IDS);

export const categorySchema = z.object({
  id: categoryIdSchema,
  name: z.string(),
  description: z.string(),
  image: z.string(),
});

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: categoryIdSchema,
  /** Per unit, or per kilogram for a product sold by weight (unit kg). */
  pricePaise: z.number().int().nonnegative(),
  unit: z.enum(PRODUCT_UNITS),
  /** What a shopper may buy, in grams (unit kg) or units: from `minimum` up in `step`s. */
  step: z.number().int().positive(),
  minimum: z.number().int().positive(),
  image: z.string(),
  description: z.string(),
  organic: z.boolean(),
  local: z.boolean(),
  inSeason: z.boolean(),
  featured: z.boolean(),
  /** Grams or units for sale (lots past their best-before date left out). */
  stock: z.number().int().nonnegative(),
  gstRateBps: z.number().int().nonnegative(),
  hsnCode: z.string(),
  /** The harvest date of the lot on sale now (YYYY-MM-DD), while stock > 0: "Harvested today". */
  harvestedOn: z.string().nullable(),
  /** The uploaded photo (400 px WebP, also in `image`), or null for the shipped image. */
  photoUrl: z.string().nullable(),
  /** The uploaded photo's sizes for an img srcset, or null. */
  photoSrcSet: z.string().nullable(),
  /** The name and description in Odia and Hindi, or null where the shop gave none. */
  nameOr: z.string().nullable(),
  nameHi: z.string().nullable(),
  descriptionOr: z.string().nullable(),
  descriptionHi: z.string().nullable(),
});

/** Query-string booleans arrive as text; only "true" and "1" switch a filter on. */
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1")
  .optional();

export const productListQuerySchema = z
  .object({
    category: categoryIdSchema.optional(),
    search: z
      .string()
      .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
      .optional(),
    organic: flag,
    local: flag,
    inSeason: flag,
    featured: flag,
  })
  .strict();

export const productListSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int(),
});
export type ProductList = z.infer<typeof productListSchema>;

export const categoryListSchema = z.object({ categories: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const productParamsSchema = z.object({
  id: z.string().max(100, "id must be at most 100 characters"),
});

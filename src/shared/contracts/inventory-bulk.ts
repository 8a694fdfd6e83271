// Bulk actions on the product table (/api/staff/inventory/products/bulk/...): each request names
// every product with the version the manager saw, and changes all of them or none.
import { z } from "zod";
import { CATEGORY_IDS } from "../catalogue.ts";
import { isPricePercent, PRICE_CHANGE_MESSAGES } from "../rules/price-change.ts";
import { PRODUCT_FORM_MESSAGES } from "../rules/product-form.ts";

/** The most products one bulk request may name: well above a produce shop's catalogue. */
export const BULK_PRODUCTS_MAX = 200;

export const BULK_MESSAGES = {
  none: "Select at least one product",
  tooMany: `Select at most ${BULK_PRODUCTS_MAX} products at a time`,
  repeated: "Each product may be named once",
  product: "Each product needs its id and the version you saw",
  /** The refusal when products changed since the table was loaded: nothing was changed. */
  stale: (names: readonly string[]) =>
    `${listNames(names)} changed since you loaded the table, so nothing was changed. Reload and try again.`,
  missing: (ids: readonly string[]) =>
    `${listNames(ids)} no longer ${ids.length === 1 ? "exists" : "exist"}, so nothing was changed. Reload and try again.`,
} as const;

/** "Tomatoes", "Tomatoes and Okra", "Tomatoes, Okra and 3 more". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  if (names.length <= 3) return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more`;
}

const bulkProductSchema = z.object(
  {
    id: z.string({ message: BULK_MESSAGES.product }).min(1).max(100),
    version: z.number({ message: BULK_MESSAGES.product }).int().positive(),
  },
  { message: BULK_MESSAGES.product },
);

const bulkProductsSchema = z
  .array(bulkProductSchema, { message: BULK_MESSAGES.none })
  .min(1, BULK_MESSAGES.none)
  .max(BULK_PRODUCTS_MAX, BULK_MESSAGES.tooMany)
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, BULK_MESSAGES.repeated);

/** POST products/bulk/archive and products/bulk/restore. */
export const bulkArchiveSchema = z.object({ products: bulkProductsSchema });

/** POST products/bulk/category. */
export const bulkCategorySchema = z.object({
  products: bulkProductsSchema,
  category: z.enum(CATEGORY_IDS, { message: PRODUCT_FORM_MESSAGES.categoryUnknown }),
});

/** POST products/bulk/price: every price changes by the same percentage (+10, -5, 12.5). */
export const bulkPriceSchema = z.object({
  products: bulkProductsSchema,
  percent: z
    .number({ message: PRICE_CHANGE_MESSAGES.percentInvalid })
    .refine(isPricePercent, PRICE_CHANGE_MESSAGES.percentInvalid),
  /** A change of more than half up or down is refused unless the manager confirmed it. */
  confirmLargeChange: z.boolean().default(false),
});

export type BulkArchive = z.infer<typeof bulkArchiveSchema>;
export type BulkCategory = z.infer<typeof bulkCategorySchema>;
export type BulkPrice = z.input<typeof bulkPriceSchema>;

export const bulkProductResultSchema = z.object({
  /** The products this request changed, with their new version. */
  changed: z.array(z.object({ id: z.string(), name: z.string(), version: z.number().int() })),
  /** Named but already as asked (archived already, in that category already). */
  unchanged: z.array(z.string()),
});
export type BulkProductResult = z.infer<typeof bulkProductResultSchema>;

export const BULK_ACTIONS = ["archive", "restore", "category", "price"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

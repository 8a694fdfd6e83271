import { z } from "zod";
import { categorySchema, productSchema } from "../catalogue.ts";

export { productFiltersSchema as productListQuerySchema } from "../rules/product-filters.ts";

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

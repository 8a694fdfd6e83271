import { z } from "zod";
import { productSchema } from "./catalogue.ts";

export { buyAgainPath, USUAL_PRODUCTS_PATH, USUAL_PRODUCTS_SHOWN } from "./buy-again-paths.ts";

export const wantedLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** Units the shopper asked for, before any short pick at packing. */
  wanted: z.number().int().positive(),
});

/** An earlier order's products and today's of them (archived ones are missing), read afresh. */
export const buyAgainSchema = z.object({
  lines: z.array(wantedLineSchema),
  today: z.array(productSchema),
});
export type BuyAgain = z.infer<typeof buyAgainSchema>;

export const usualProductsSchema = z.object({ products: z.array(productSchema) });
export type UsualProducts = z.infer<typeof usualProductsSchema>;

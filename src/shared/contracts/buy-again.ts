import { z } from "zod";
import { productSchema } from "./catalogue.ts";

export const buyAgainPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/buy-again`;

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

export const USUAL_PRODUCTS_PATH = "/api/account/usual-products";
/** How many products the shop's "Your usual" row shows at most. */
export const USUAL_PRODUCTS_SHOWN = 8;
export const usualProductsSchema = z.object({ products: z.array(productSchema) });
export type UsualProducts = z.infer<typeof usualProductsSchema>;

import { z } from "zod";
import { orderItemSchema } from "./checkout.ts";

/** More lines than the catalogue has products is never a real cart. */
export const CART_LIMITS = { lines: 100 } as const;

/** A line as checkout sends it: product id and a whole quantity in grams or units. */
export const cartLineSchema = orderItemSchema;

/**
 * The browser's cart, for PUT /api/cart (replace) and POST /api/cart/merge. Each product once:
 * two lines for one product would leave the server guessing which quantity was meant.
 */
export const cartInputSchema = z
  .object({
    items: z
      .array(cartLineSchema)
      .max(CART_LIMITS.lines, `At most ${CART_LIMITS.lines} lines per cart`)
      .superRefine((items, context) => {
        const seen = new Set<string>();
        items.forEach((item, index) => {
          if (seen.has(item.productId)) {
            context.addIssue({
              code: "custom",
              path: [index, "productId"],
              message: `${item.productId} appears more than once; send each product once`,
            });
          }
          seen.add(item.productId);
        });
      }),
  })
  .strict();
export type CartInput = z.input<typeof cartInputSchema>;

/**
 * A signed-in customer's cart as the server keeps it. Products the catalogue does not have are
 * left out (never stored), so the answer is always what was kept.
 */
export const storedCartSchema = z.object({
  items: z.array(z.object({ productId: z.string(), quantity: z.number().int() })),
});
export type StoredCart = z.infer<typeof storedCartSchema>;

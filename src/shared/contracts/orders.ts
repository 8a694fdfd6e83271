import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../rules/order-status.ts";
import { PAYMENT_METHODS } from "./checkout.ts";

export const orderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** The product's name in the order's language as it was sold; null where that is English. */
  localName: z.string().nullable().optional(),
  unit: z.string(),
  hsnCode: z.string(),
  unitPricePaise: z.number().int(),
  quantity: z.number().int(),
  gstRateBps: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
  /**
   * Set when the line was packed otherwise than ordered: what was ordered (`quantity` is what is
   * supplied and charged).
   */
  orderedQuantity: z.number().int().nullable().optional(),
  /** A weighed line: the scale's reading at packing, in grams (may differ from what is charged). */
  packedQuantity: z.number().int().nullable().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order as its buyer sees it: confirmation page, order history, invoice and email. */
export const orderViewSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** e.g. "Visa ending 1111", "UPI asha@okaxis", "Cash on Delivery". */
  paymentSummary: z.string(),
  placedAt: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  shippingAddress: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  notes: z.string(),
  lines: z.array(orderLineSchema),
  subtotalPaise: z.number().int(),
  gstPaise: z.number().int(),
  deliveryFeePaise: z.number().int(),
  totalPaise: z.number().int(),
  rating: z.number().int().nullable(),
  deliveryAgentPhone: z.string(),
  /** When the order reached its current state. */
  statusAt: z.string(),
  /** The GST invoice's serial once the order has left the store; until then null. */
  invoiceNumber: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  /** Credit notes issued against the invoice (a cancellation after dispatch). */
  creditNotes: z.array(
    z.object({ number: z.string(), issuedAt: z.string(), totalPaise: z.number().int() }),
  ),
  /** While the order awaits its online payment: when the hold ends (then it is cancelled). */
  paymentDueAt: z.string().nullable(),
  /** The language the order was placed in: its mails are in it, and the staff see it. */
  locale: z.enum(LOCALES),
});
export type OrderView = z.infer<typeof orderViewSchema>;

export const orderNumberParamsSchema = z.object({
  orderNumber: z.string().regex(/^FHH-\d{6}$/, "orderNumber must look like FHH-123456"),
});

export const ratingInputSchema = z
  .object({
    rating: z
      .number({ message: "rating must be a number from 1 to 5" })
      .int("rating must be a whole number from 1 to 5")
      .min(1, "rating must be from 1 to 5")
      .max(5, "rating must be from 1 to 5"),
  })
  .strict();

export const outOfStockItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Grams (unit kg) or units, like `available`. */
  requested: z.number().int(),
  available: z.number().int(),
  unit: z.string(),
});
export type OutOfStockItem = z.infer<typeof outOfStockItemSchema>;

/** One row of a signed-in customer's order list. */
export const orderSummarySchema = z.object({
  orderNumber: z.string(),
  placedAt: z.string(),
  status: z.string(),
  /** When the order reached its current state. */
  statusAt: z.string(),
  paymentStatus: z.string(),
  totalPaise: z.number().int(),
  itemCount: z.number().int(),
  /** Numbers of the credit notes issued against its invoice, oldest first. */
  creditNotes: z.array(z.string()),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const myOrdersSchema = z.object({ orders: z.array(orderSummarySchema) });
export type MyOrders = z.infer<typeof myOrdersSchema>;

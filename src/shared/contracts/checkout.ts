import { z } from "zod";
import {
  FORMAT_MESSAGES,
  isEmail,
  isIndianMobile,
  isPincode,
  normalizeIndianMobile,
} from "../rules/formats.ts";
import { maxPerOrder } from "../rules/measure.ts";
import { tooLong } from "../rules/too-long.ts";

export const PAYMENT_METHODS = ["card", "cash", "upi", "gpay", "phonepe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: /*i18n*/ "Credit/Debit Card",
  cash: /*i18n*/ "Cash on Delivery",
  upi: /*i18n*/ "UPI",
  gpay: /*i18n*/ "Google Pay",
  phonepe: /*i18n*/ "PhonePe",
};

/** The spec's messages for missing fields, then our own for wrong formats. */
export const CHECKOUT_MESSAGES = {
  required: /*i18n*/ "Please fill in all required fields",
  email: FORMAT_MESSAGES.email,
  phone: FORMAT_MESSAGES.mobile,
  pincode: /*i18n*/ "Please enter a valid 6-digit PIN code",
  busy: /*i18n*/ "We are taking a lot of orders right now. Please press Place Order again in a moment.",
} as const;

export const CHECKOUT_LIMITS = {
  name: 60,
  email: 254,
  address: 200,
  city: 60,
  state: 60,
  notes: 500,
  lines: 60,
} as const;

const text = (max: number, message: string = CHECKOUT_MESSAGES.required) =>
  z.string({ message }).trim().min(1, message).max(max, tooLong(max));
const optionalText = (max: number) =>
  z.string().trim().max(max, tooLong(max)).optional().default("");

const mobile = (message: string) =>
  z
    .string({ message: CHECKOUT_MESSAGES.required })
    .refine(isIndianMobile, message)
    .transform((value) => normalizeIndianMobile(value)!);
/**
 * How the shopper will pay. Only the choice: card numbers, CVVs and UPI IDs are typed into the
 * payment provider's own checkout and never reach the store (a request carrying them is refused).
 */
export const paymentSchema = z.object({ method: z.enum(PAYMENT_METHODS) }).strict();
export type PaymentInput = z.input<typeof paymentSchema>;
export type Payment = z.output<typeof paymentSchema>;

export const orderItemSchema = z
  .object({
    productId: z.string().min(1).max(100),
    quantity: z
      .number({ message: "quantity must be a whole number" })
      .int("quantity must be a whole number")
      .min(1, "quantity must be at least 1")
      // Grams or units: the product's own steps and cap are checked against the catalogue.
      .max(maxPerOrder("kg"), `quantity must be at most ${maxPerOrder("kg")}`),
  })
  .strict();

/** Where an order goes: checkout's delivery fields, and each saved address's too. */
export const deliveryFields = {
  address: text(CHECKOUT_LIMITS.address),
  city: text(CHECKOUT_LIMITS.city),
  state: text(CHECKOUT_LIMITS.state),
  pincode: z
    .string({ message: CHECKOUT_MESSAGES.required })
    .trim()
    .refine(isPincode, CHECKOUT_MESSAGES.pincode),
};
export const deliverySchema = z.object(deliveryFields).strict();
export type Delivery = z.output<typeof deliverySchema>;

/** What checkout sends: who, where, how to pay, and product ids with quantities. Never prices. */
export const placeOrderSchema = z
  .object({
    contact: z
      .object({
        firstName: text(CHECKOUT_LIMITS.name),
        lastName: optionalText(CHECKOUT_LIMITS.name),
        email: text(CHECKOUT_LIMITS.email).refine(isEmail, CHECKOUT_MESSAGES.email),
        phone: mobile(CHECKOUT_MESSAGES.phone),
      })
      .strict(),
    delivery: deliverySchema,
    notes: optionalText(CHECKOUT_LIMITS.notes),
    payment: paymentSchema,
    items: z
      .array(orderItemSchema)
      .min(1, "Your cart is empty")
      .max(CHECKOUT_LIMITS.lines, `At most ${CHECKOUT_LIMITS.lines} lines per order`),
    /** A signed-in customer's wish to keep this delivery address; saved after the order is. */
    saveAddress: z.boolean().optional(),
  })
  .strict();
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

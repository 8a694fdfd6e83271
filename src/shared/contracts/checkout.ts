import { z } from "zod";
import { MAX_LINE_QUANTITY } from "../catalogue.ts";
import {
  digitsOnly,
  FORMAT_MESSAGES,
  isCardNumber,
  isCvv,
  isEmail,
  isFutureExpiry,
  isIndianMobile,
  isPincode,
  isUpiId,
  normalizeIndianMobile,
  parseExpiry,
} from "../rules/formats.ts";

export const PAYMENT_METHODS = ["card", "cash", "upi", "gpay", "phonepe"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Credit/Debit Card",
  cash: "Cash on Delivery",
  upi: "UPI",
  gpay: "Google Pay",
  phonepe: "PhonePe",
};

/** The spec's messages for missing fields, then our own for wrong formats. */
export const CHECKOUT_MESSAGES = {
  required: "Please fill in all required fields",
  card: "Please fill in all card details",
  gpay: "Please fill in all Google Pay details",
  phonepe: "Please fill in all PhonePe details",
  upi: "Please enter your UPI ID",
  email: FORMAT_MESSAGES.email,
  phone: FORMAT_MESSAGES.mobile,
  pincode: "Please enter a valid 6-digit PIN code",
  cardNumber: "Please enter a valid card number",
  cardExpiry: "Please enter a valid expiry date (MM/YY) that is not in the past",
  cardCvv: "CVV must be 3 digits",
  upiId: "Please enter a valid UPI ID, like name@bank",
  walletNumber: "Please enter a valid 10-digit mobile number for the wallet",
  busy: "We are taking a lot of orders right now. Please press Place Order again in a moment.",
} as const;

export const CHECKOUT_LIMITS = {
  name: 60,
  email: 254,
  address: 200,
  city: 60,
  state: 60,
  notes: 500,
  cardName: 60,
  upiId: 100,
  lines: 60,
} as const;

const text = (max: number, message: string = CHECKOUT_MESSAGES.required) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).optional().default("");

const mobile = (message: string) =>
  z
    .string({ message: CHECKOUT_MESSAGES.required })
    .refine(isIndianMobile, message)
    .transform((value) => normalizeIndianMobile(value)!);
/** A UPI ID; `missing` is the form's own message when it is left empty. */
export const upiIdSchema = (missing: string) =>
  z
    .string({ message: missing })
    .trim()
    .min(1, missing)
    .max(CHECKOUT_LIMITS.upiId)
    .refine(isUpiId, CHECKOUT_MESSAGES.upiId);
const upiId = upiIdSchema(CHECKOUT_MESSAGES.upi);

/** Card details; `missing` is the form's own message when one of the four is left empty. */
export const cardDetails = (missing: string) =>
  z
    .object({
      number: z
        .string({ message: missing })
        .refine(isCardNumber, CHECKOUT_MESSAGES.cardNumber)
        .transform(digitsOnly),
      name: text(CHECKOUT_LIMITS.cardName, missing),
      expiry: z
        .string({ message: missing })
        .refine((value) => isFutureExpiry(value), CHECKOUT_MESSAGES.cardExpiry),
      cvv: z.string({ message: missing }).refine(isCvv, CHECKOUT_MESSAGES.cardCvv),
    })
    .strict();
export const cardDetailsSchema = cardDetails(CHECKOUT_MESSAGES.card);

export const paymentSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("card"), card: cardDetailsSchema }).strict(),
  z.object({ method: z.literal("cash") }).strict(),
  z.object({ method: z.literal("upi"), upiId }).strict(),
  z
    .object({
      method: z.literal("gpay"),
      phone: mobile(CHECKOUT_MESSAGES.walletNumber),
      upiId,
    })
    .strict(),
  z
    .object({
      method: z.literal("phonepe"),
      phone: mobile(CHECKOUT_MESSAGES.walletNumber),
      upiId,
    })
    .strict(),
]);
export type PaymentInput = z.input<typeof paymentSchema>;
export type Payment = z.output<typeof paymentSchema>;

export const orderItemSchema = z
  .object({
    productId: z.string().min(1).max(100),
    quantity: z
      .number({ message: "quantity must be a whole number" })
      .int("quantity must be a whole number")
      .min(1, "quantity must be at least 1")
      .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  })
  .strict();

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
    delivery: z
      .object({
        address: text(CHECKOUT_LIMITS.address),
        city: text(CHECKOUT_LIMITS.city),
        state: text(CHECKOUT_LIMITS.state),
        pincode: z
          .string({ message: CHECKOUT_MESSAGES.required })
          .trim()
          .refine(isPincode, CHECKOUT_MESSAGES.pincode),
      })
      .strict(),
    notes: optionalText(CHECKOUT_LIMITS.notes),
    payment: paymentSchema,
    items: z
      .array(orderItemSchema)
      .min(1, "Your cart is empty")
      .max(CHECKOUT_LIMITS.lines, `At most ${CHECKOUT_LIMITS.lines} lines per order`),
  })
  .strict();
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;
export type PlaceOrder = z.output<typeof placeOrderSchema>;

export { parseExpiry };

import { z } from "zod";
import {
  FORMAT_MESSAGES,
  isEmail,
  isIndianMobile,
  normalizeIndianMobile,
} from "../rules/formats.ts";
import { ORDER_NUMBER_PATTERN } from "../rules/order-status.ts";
import { BULK_TICKET_PATTERN } from "../rules/ticket-numbers.ts";

export const QUERY_TYPES = [
  "order_status",
  "product_inquiry",
  "refund_request",
  "shipping_issue",
  "feedback",
  "bulk_order",
  "others",
] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

export const QUERY_TYPE_LABELS: Record<QueryType, string> = {
  order_status: "Order Status",
  product_inquiry: "Product Inquiry",
  refund_request: "Refund Request",
  shipping_issue: "Shipping Issue",
  feedback: "Feedback",
  bulk_order: "Bulk Order",
  others: "Others",
};

/** The spec's message for anything missing, then our own for wrong formats. */
export const SUPPORT_MESSAGES = {
  required: "Please fill all required fields",
  email: FORMAT_MESSAGES.email,
  phone: FORMAT_MESSAGES.mobile,
  orderNumber: "Please enter an order number like FHH-123456 or a bulk ticket like BOR-123456-1234",
} as const;

export const SUPPORT_LIMITS = { name: 100, email: 254, message: 2000 } as const;

const required = (max: number) =>
  z
    .string({ message: SUPPORT_MESSAGES.required })
    .trim()
    .min(1, SUPPORT_MESSAGES.required)
    .max(max, `Must be at most ${max} characters`);

/** The contact form, as the page sends it and the server parses it again. */
export const supportRequestSchema = z
  .object({
    name: required(SUPPORT_LIMITS.name),
    email: required(SUPPORT_LIMITS.email).refine(isEmail, SUPPORT_MESSAGES.email),
    /** Optional: empty, or a mobile number the shop can call back. */
    phone: z
      .string()
      .trim()
      .max(20, SUPPORT_MESSAGES.phone)
      .refine((value) => value === "" || isIndianMobile(value), SUPPORT_MESSAGES.phone)
      .transform((value) => (value === "" ? "" : normalizeIndianMobile(value)!))
      .optional()
      .default(""),
    orderNumber: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine(
        (value) =>
          value === "" || ORDER_NUMBER_PATTERN.test(value) || BULK_TICKET_PATTERN.test(value),
        SUPPORT_MESSAGES.orderNumber,
      )
      .optional()
      .default(""),
    queryType: z.enum(QUERY_TYPES, { message: SUPPORT_MESSAGES.required }),
    message: required(SUPPORT_LIMITS.message),
    /** Left empty by people; bots that fill every field are thanked and ignored. */
    website: z.string().max(200).optional(),
  })
  .strict();
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;

/** The reference the shopper quotes; also sent to them by email. */
export const supportReceiptSchema = z.object({ reference: z.string() });
export type SupportReceipt = z.infer<typeof supportReceiptSchema>;

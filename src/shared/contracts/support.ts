import { z } from "zod";
import { isEmail, isIndianMobile, normalizeIndianMobile } from "../rules/formats.ts";
import { ORDER_NUMBER_PATTERN } from "../rules/order-number.ts";
import { BULK_TICKET_PATTERN } from "../rules/ticket-numbers.ts";
import { tooLong } from "../rules/too-long.ts";
import { QUERY_TYPES, SUPPORT_LIMITS, SUPPORT_MESSAGES } from "./support-form.ts";

export {
  QUERY_TYPE_LABELS,
  QUERY_TYPES,
  type QueryType,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
} from "./support-form.ts";

const required = (max: number) =>
  z
    .string({ message: SUPPORT_MESSAGES.required })
    .trim()
    .min(1, SUPPORT_MESSAGES.required)
    .max(max, tooLong(max));

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

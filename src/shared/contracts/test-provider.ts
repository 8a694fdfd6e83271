import { z } from "zod";
import { TEST_DECLINES } from "../rules/test-payments.ts";
import { paymentReportSchema } from "./payments.ts";

export const TEST_PROVIDER_API = "/api/test-provider";

export const testProviderOrderSchema = z.object({
  providerOrderId: z.string(),
  amountPaise: z.number().int(),
  receipt: z.string(),
  paid: z.boolean(),
});
export type TestProviderOrder = z.infer<typeof testProviderOrderSchema>;

/**
 * What the test checkout page sends its provider: the method, how the shopper paid in a form no
 * card number fits ("Visa ending 1111"), and the published decline, if the instrument is one.
 */
export const testPaymentSchema = z
  .object({
    method: z.enum(["card", "upi", "netbanking"]),
    summary: z
      .string()
      .max(120)
      .regex(
        /^((Visa|Mastercard|American Express|RuPay|Card) ending \d{4}|UPI [a-z0-9._-]{2,64}@[a-z0-9]{2,64}|Net banking, [A-Za-z .]{2,60})$/,
        "summary must name the instrument without its number",
      ),
    decline: z.enum(Object.keys(TEST_DECLINES) as [keyof typeof TEST_DECLINES]).nullable(),
  })
  .strict();

/**
 * The provider's answer to its checkout page: the report the page passes on to the store as it is,
 * with the provider order it paid.
 */
export const testPaymentAnswerSchema = paymentReportSchema.required({ providerOrderId: true });
export type TestPaymentAnswer = z.infer<typeof testPaymentAnswerSchema>;

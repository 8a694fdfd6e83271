import { z } from "zod";
import { FORMAT_MESSAGES, isEmail } from "../rules/formats.ts";

export const FEEDBACK_LIMITS = { name: 100, email: 254, message: 2000 } as const;

export const feedbackInputSchema = z
  .object({
    name: z
      .string({ message: /*i18n*/ "Please enter your name" })
      .trim()
      .min(1, /*i18n*/ "Please enter your name")
      .max(FEEDBACK_LIMITS.name, `Name must be at most ${FEEDBACK_LIMITS.name} characters`),
    email: z
      .string({ message: /*i18n*/ "Please enter your email" })
      .trim()
      .min(1, /*i18n*/ "Please enter your email")
      .max(FEEDBACK_LIMITS.email, `Email must be at most ${FEEDBACK_LIMITS.email} characters`)
      .refine(isEmail, FORMAT_MESSAGES.email),
    message: z
      .string({ message: /*i18n*/ "Please enter a message" })
      .trim()
      .min(1, /*i18n*/ "Please enter a message")
      .max(
        FEEDBACK_LIMITS.message,
        `Message must be at most ${FEEDBACK_LIMITS.message} characters`,
      ),
    /** Left empty by people; bots that fill every field are thanked and ignored. */
    website: z.string().max(200).optional(),
  })
  .strict();
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackReceiptSchema = z.object({ received: z.literal(true) });

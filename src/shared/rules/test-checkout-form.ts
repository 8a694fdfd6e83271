// What a shopper types into the test provider's checkout page. It is checked there, in the
// browser, and turned into a test attempt (test-payments.ts): none of it is sent as typed.
import { z } from "zod";
import { BANK_LABELS, BANKS } from "../contracts/bulk-orders.ts";
import { PAYMENT_MESSAGES } from "../contracts/payments.ts";
import { isCardNumber, isCvv, isFutureExpiry, isUpiId } from "./formats.ts";
import { tooLong } from "./too-long.ts";

export const TEST_CHECKOUT_METHODS = ["card", "upi", "netbanking"] as const;
export type TestCheckoutMethod = (typeof TEST_CHECKOUT_METHODS)[number];

export const TEST_CHECKOUT_METHOD_LABELS: Record<TestCheckoutMethod, string> = {
  card: /*i18n*/ "Card",
  upi: /*i18n*/ "UPI",
  netbanking: /*i18n*/ "Net banking",
};

export const TEST_CHECKOUT_LIMITS = { cardNumber: 23, cardName: 60, upiId: 100 } as const;

const CARD_FIELDS = ["number", "name", "expiry", "cvv"] as const;

/** All four card details first, with the spec's one message; then each one's format. */
const cardSchema = z
  .object({ number: z.string(), name: z.string(), expiry: z.string(), cvv: z.string() })
  .superRefine((card, context) => {
    const missing = CARD_FIELDS.filter((field) => card[field].trim() === "");
    for (const field of missing) {
      context.addIssue({ code: "custom", path: [field], message: PAYMENT_MESSAGES.cardMissing });
    }
    if (missing.length > 0) return;
    if (!isCardNumber(card.number)) {
      context.addIssue({ code: "custom", path: ["number"], message: PAYMENT_MESSAGES.cardNumber });
    }
    if (card.name.trim().length > TEST_CHECKOUT_LIMITS.cardName) {
      context.addIssue({
        code: "custom",
        path: ["name"],
        message: tooLong(TEST_CHECKOUT_LIMITS.cardName),
      });
    }
    if (!isFutureExpiry(card.expiry)) {
      context.addIssue({ code: "custom", path: ["expiry"], message: PAYMENT_MESSAGES.cardExpiry });
    }
    if (!isCvv(card.cvv)) {
      context.addIssue({ code: "custom", path: ["cvv"], message: PAYMENT_MESSAGES.cardCvv });
    }
  });

const upiIdSchema = z
  .string()
  .trim()
  .min(1, PAYMENT_MESSAGES.upiMissing)
  .refine((value) => value === "" || isUpiId(value), PAYMENT_MESSAGES.upiId);

/** The page's form: every method's fields are kept while the shopper switches between them. */
export const testCheckoutFormSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("card"), card: cardSchema }),
  z.object({ method: z.literal("upi"), upiId: upiIdSchema }),
  z.object({
    method: z.literal("netbanking"),
    bank: z.enum(BANKS, { message: PAYMENT_MESSAGES.bank }),
  }),
]);
export type TestCheckoutForm = {
  method: TestCheckoutMethod;
  card: Record<(typeof CARD_FIELDS)[number], string>;
  upiId: string;
  bank: string;
};
export type TestCheckoutChoice = z.output<typeof testCheckoutFormSchema>;

export const bankName = (bank: (typeof BANKS)[number]) => BANK_LABELS[bank];

import { z } from "zod";
import {
  APPROVING_TEST_CARD,
  APPROVING_TEST_UPI,
  DECLINING_TEST_CARD,
  DECLINING_TEST_UPI,
} from "../rules/test-payments.ts";
import { BULK_PAYMENT_MESSAGES } from "./bulk-orders.ts";

/**
 * What the browser needs to open the payment provider's checkout for one provider order: which
 * provider, its own checkout parameters, the order and amount, and who is paying (prefilled
 * there). No secret.
 */
export const checkoutSessionSchema = z.object({
  /** Names the browser's adapter that opens this provider's checkout. */
  provider: z.string(),
  /** The provider's own parameters (a public key, a script, a page): only its adapter reads them. */
  params: z.record(z.string(), z.string()),
  /**
   * Set by the provider from its params, as sessions carried them before `params`, so a client
   * written against those still opens the checkout: its public key, its script, its page.
   */
  keyId: z.string().optional(),
  scriptUrl: z.string().optional(),
  pagePath: z.string().optional(),
  providerOrderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal("INR"),
  description: z.string(),
  /** card, upi or netbanking: the part of the provider's checkout to open at. */
  method: z.enum(["card", "upi", "netbanking"]),
  /** The UPI app the shopper chose, when they chose one. */
  upiApp: z.enum(["gpay", "phonepe"]).optional(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** When the hold ends: unpaid by then, the order is cancelled (ISO time). */
  payBy: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * The browser's report of a payment made in the provider's checkout, in the store's words: the
 * provider's adapter translates its checkout's answer into it. The store believes it only on
 * the provider's signature.
 */
export const paymentReportSchema = z
  .object({
    paymentId: z.string().min(1).max(64),
    signature: z.string().min(1).max(128),
    /** Sent by the checkout, never believed: the store checks against the id it stored. */
    providerOrderId: z.string().max(64).optional(),
  })
  .strict();
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/**
 * A provider checkout's own answer, posted as the checkout handed it over (as clients did before
 * the report had the store's words): a few short lowercase names with short values. Only the
 * provider's gateway reads it, into a `PaymentReport`.
 */
const ANSWER_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export const providerAnswerSchema = z
  .record(z.string().regex(ANSWER_NAME), z.string().max(128))
  .refine((answer) => Object.keys(answer).length <= 8, "has too many fields");
export type ProviderAnswer = z.infer<typeof providerAnswerSchema>;

/** An object all of whose names could be a provider's (the report's own names could not). */
const answerShaped = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  !Array.isArray(body) &&
  Object.keys(body).every((name) => ANSWER_NAME.test(name));

/**
 * What the payment routes take: the store's report, or the provider checkout's own answer. Told
 * apart by their names before either is checked, so a malformed report is refused with what is
 * wrong in it rather than with "matches neither".
 */
export const paymentReportBodySchema = z
  .unknown()
  .superRefine((body, ctx) => {
    const parsed = (answerShaped(body) ? providerAnswerSchema : paymentReportSchema).safeParse(
      body,
    );
    for (const issue of parsed.error?.issues ?? []) ctx.addIssue(issue as never);
  })
  .meta({
    description:
      "A PaymentReport ({ paymentId, signature, providerOrderId? }), or the provider checkout's own answer as it was handed over (a few lowercase names with short string values).",
  }) as unknown as z.ZodType<PaymentReport | ProviderAnswer>;
export type PaymentReportBody = PaymentReport | ProviderAnswer;

/** The test provider's published instruments (README), as its page and demo checkout list them. */
const TEST_INSTRUMENTS = `Card ${APPROVING_TEST_CARD} (any future expiry, any CVV) or UPI ID ${APPROVING_TEST_UPI} is approved; card ${DECLINING_TEST_CARD} or UPI ID ${DECLINING_TEST_UPI} is declined; net banking is approved at every bank.`;

export const PAYMENT_MESSAGES = {
  unavailable:
    /*i18n*/ "We could not reach the payment service. Nothing was charged. Please try again in a minute or choose cash on delivery.",
  unreadableAnswer:
    /*i18n*/ "This payment answer could not be read. Send paymentId and signature, or the payment provider's checkout answer as it was given.",
  notVerified:
    /*i18n*/ "We could not confirm this payment. If money was taken, it will be refunded automatically within 5-7 working days.",
  holdEnded:
    /*i18n*/ "The time to pay for this order has ended and its items went back on the shelf. Any amount taken will be refunded automatically.",
  notAwaiting: /*i18n*/ "This order is not waiting for a payment.",
  processing: /*i18n*/ "Processing...",
  awaiting: /*i18n*/ "Awaiting payment",
  cancelled: /*i18n*/ "Payment cancelled. Your order is kept until the time to pay ends.",
  switchedToCash: /*i18n*/ "Your order will be paid in cash on delivery.",
  /** The bulk advance: nothing is held, so the shopper may pay whenever they are ready. */
  advanceCancelled:
    /*i18n*/ "Payment cancelled. Nothing was charged: pay the advance whenever you are ready.",
  /** A decline or a payment the store could not confirm: the reason follows. */
  failed: /*i18n*/ "Payment failed.",
  /** Where the card and UPI details are typed now: the provider's window, never the store. */
  secureWindow:
    /*i18n*/ "You enter your card or UPI details in our payment provider's secure window, which opens when you place your order. They never reach Fresh Harvest Hub.",
  advanceSecureWindow:
    /*i18n*/ "You enter your card, UPI or bank details in our payment provider's secure window, which opens when you pay. They never reach Fresh Harvest Hub.",
  cashOnDelivery: /*i18n*/ "Pay in cash or by UPI to the delivery partner when your order arrives.",
  awaitingNote:
    /*i18n*/ "Order {orderNumber} is placed and waits for its payment. Its items are kept for you until the time to pay ends.",
  /** `time` is the countdown ("4:59"). */
  timeLeft: /*i18n*/ "{time} left to pay",
  paid: /*i18n*/ "Payment successful. Taking you back to the store...",
  alreadyPaid: /*i18n*/ "This payment has already been made. You can close this window.",
  // The test provider's checkout page: the spec's messages for missing details, then formats.
  cardMissing: /*i18n*/ "Please fill in all card details",
  cardNumber: /*i18n*/ "Please enter a valid card number",
  cardExpiry: /*i18n*/ "Please enter a valid expiry date (MM/YY) that is not in the past",
  cardCvv: /*i18n*/ "CVV must be 3 digits",
  upiMissing: /*i18n*/ "Please enter your UPI ID",
  upiId: /*i18n*/ "Please enter a valid UPI ID, like name@bank",
  bank: BULK_PAYMENT_MESSAGES.bank,
  /** `app` is the UPI app's name (Google Pay, PhonePe) or "your UPI app", in the page's words. */
  upiApp: /*i18n*/ "Paying with {app}: enter the UPI ID registered with the app.",
  upiAppChosen: /*i18n*/ "You approve the payment in {app} from the secure payment window.",
  testProvider: `This is the store's test payment provider: no money moves. ${TEST_INSTRUMENTS}`,
  demoPayments: `Demo payments go through the store's test payment provider: no money moves. ${TEST_INSTRUMENTS}`,
} as const;

/** What the payment controls and windows are called, wherever they appear. */
export const PAYMENT_LABELS = {
  method: /*i18n*/ "Payment method",
  tryAgain: /*i18n*/ "Try again",
  payCashInstead: /*i18n*/ "Pay cash on delivery instead",
  payNow: /*i18n*/ "Pay now",
  cancelPayment: /*i18n*/ "Cancel payment",
  closeWindow: /*i18n*/ "Close payment window",
  testPayment: /*i18n*/ "Test payment",
  testCheckoutFrame: /*i18n*/ "Test payment checkout",
  testProvider: /*i18n*/ "Test payment provider",
  payWith: /*i18n*/ "Pay with",
  receipt: /*i18n*/ "Receipt",
  /** `amount` in rupees ("₹1,250.00"). */
  pay: /*i18n*/ "Pay {amount}",
} as const;

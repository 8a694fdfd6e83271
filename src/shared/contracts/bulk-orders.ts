import { z } from "zod";
import { bulkDeliveryDateProblem } from "../rules/bulk-delivery-date.ts";
import { BULK_STATUSES } from "../rules/bulk-order-status.ts";
import {
  MAX_DELIVERY_CHARGE_PAISE,
  MAX_EVENT_DISCOUNT_PERCENT,
  MAX_QUOTE_LINE_UNITS,
  MAX_QUOTE_LINES,
  maxQuoteLineQuantity,
} from "../rules/bulk-quote.ts";
import { EVENT_TYPES } from "../rules/event-types.ts";
import { isEmail, isIndianMobile, normalizeIndianMobile } from "../rules/formats.ts";
import { BULK_TICKET_PATTERN } from "../rules/ticket-numbers.ts";
import { tooLong } from "../rules/too-long.ts";
import { BULK_LIMITS, BULK_MESSAGES } from "./bulk-request-form.ts";
import { PAYMENT_METHOD_LABELS } from "./checkout.ts";

export {
  BULK_LIMITS,
  BULK_MESSAGES,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
} from "./bulk-request-form.ts";

const required = (max: number) =>
  z
    .string({ message: BULK_MESSAGES.required })
    .trim()
    .min(1, BULK_MESSAGES.required)
    .max(max, tooLong(max));

/** The request form, as the page sends it and the server parses it again (with its own clock). */
export const bulkOrderRequestSchema = z
  .object({
    name: required(BULK_LIMITS.name),
    email: required(BULK_LIMITS.email).refine(isEmail, BULK_MESSAGES.email),
    phone: z
      .string({ message: BULK_MESSAGES.required })
      .trim()
      .min(1, BULK_MESSAGES.required)
      .max(20, BULK_MESSAGES.phone)
      .refine(isIndianMobile, BULK_MESSAGES.phone)
      .transform((value) => normalizeIndianMobile(value)!),
    eventType: z.enum(EVENT_TYPES, { message: BULK_MESSAGES.required }),
    /** Free text: "Tomatoes 50 kg, Onions 40 kg, ...". */
    products: required(BULK_LIMITS.products),
    location: required(BULK_LIMITS.location),
    /** YYYY-MM-DD in the shop's time zone. */
    deliveryDate: z
      .string({ message: BULK_MESSAGES.required })
      .min(1, BULK_MESSAGES.required)
      .superRefine((value, context) => {
        const problem = bulkDeliveryDateProblem(value);
        if (problem === "invalid")
          context.addIssue({ code: "custom", message: BULK_MESSAGES.required });
        if (problem === "too_soon")
          context.addIssue({ code: "custom", message: BULK_MESSAGES.dateTooSoon });
        if (problem === "too_far")
          context.addIssue({ code: "custom", message: BULK_MESSAGES.dateTooFar });
      }),
    codRequested: z.boolean().optional().default(false),
    termsAccepted: z.literal(true, { message: BULK_MESSAGES.terms }),
    /** Left empty by people; bots that fill every field are thanked and ignored. */
    website: z.string().max(200).optional(),
  })
  .strict();
export type BulkOrderRequestInput = z.input<typeof bulkOrderRequestSchema>;
export type BulkOrderRequest = z.output<typeof bulkOrderRequestSchema>;

export const bulkTicketParamsSchema = z.object({
  ticketId: z.string().regex(BULK_TICKET_PATTERN, "ticketId must look like BOR-123456-1234"),
});

/** The emailed link's proof of who asked: `?token=` on the confirmation page and the API. */
export const bulkAccessQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "token is not valid")
    .optional(),
});

export const BANKS = ["sbi", "hdfc", "icici", "axis", "kotak", "other"] as const;
export type Bank = (typeof BANKS)[number];
export const BANK_LABELS: Record<Bank, string> = {
  sbi: /*i18n*/ "State Bank of India",
  hdfc: /*i18n*/ "HDFC Bank",
  icici: /*i18n*/ "ICICI Bank",
  axis: /*i18n*/ "Axis Bank",
  kotak: /*i18n*/ "Kotak Mahindra Bank",
  other: /*i18n*/ "Other Bank",
};

export const BULK_PAYMENT_METHODS = [
  "credit_card",
  "upi",
  "net_banking",
  "cash_on_delivery",
] as const;
export type BulkPaymentMethod = (typeof BULK_PAYMENT_METHODS)[number];

export const BULK_PAYMENT_METHOD_LABELS: Record<BulkPaymentMethod, string> = {
  // The shop's own labels where the method is the same, so each is translated once.
  credit_card: PAYMENT_METHOD_LABELS.card,
  upi: PAYMENT_METHOD_LABELS.upi,
  net_banking: /*i18n*/ "Net Banking",
  cash_on_delivery: PAYMENT_METHOD_LABELS.cash,
};

export const UPI_APPS = ["gpay", "phonepe", "other"] as const;
export const UPI_APP_LABELS: Record<(typeof UPI_APPS)[number], string> = {
  gpay: PAYMENT_METHOD_LABELS.gpay,
  phonepe: PAYMENT_METHOD_LABELS.phonepe,
  other: /*i18n*/ "Other UPI",
};

export const quoteLineViewSchema = z.object({
  productId: z.string(),
  name: z.string(),
  unit: z.string(),
  hsnCode: z.string(),
  gstRateBps: z.number().int(),
  listPricePaise: z.number().int(),
  unitPricePaise: z.number().int(),
  quantity: z.number().int(),
  taxablePaise: z.number().int(),
  gstPaise: z.number().int(),
});
export type QuoteLineView = z.infer<typeof quoteLineViewSchema>;

export const quoteViewSchema = z.object({
  lines: z.array(quoteLineViewSchema),
  listSubtotalPaise: z.number().int(),
  discountPercent: z.number().int(),
  discountPaise: z.number().int(),
  subtotalPaise: z.number().int(),
  gstPaise: z.number().int(),
  deliveryChargePaise: z.number().int(),
  totalPaise: z.number().int(),
  advancePaise: z.number().int(),
  balancePaise: z.number().int(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;

/** An event's produce, as the requester and (later) customer relations see it. */
export const bulkOrderViewSchema = z.object({
  ticketId: z.string(),
  status: z.enum(BULK_STATUSES),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  eventType: z.enum(EVENT_TYPES),
  products: z.string(),
  location: z.string(),
  deliveryDate: z.string(),
  codRequested: z.boolean(),
  /** Staff allowed this request to be paid on delivery. */
  codApproved: z.boolean(),
  /** Set once customer relations has priced the request. */
  quotePaise: z.number().int().nullable(),
  /** 50% of the quote: what the advance-payment card charges. */
  advancePaise: z.number().int().nullable(),
  /** How the advance was paid, e.g. "Visa ending 1111"; null until it is. */
  advancePaymentSummary: z.string().nullable(),
  /** What the quote covers, as Customer Relations wrote it. */
  quoteNotes: z.string(),
  /** The quote line by line; null before a quote, or for a quote given as one amount. */
  quote: quoteViewSchema.nullable(),
  /** The money so far: paid (less anything given back), fees kept, the balance due on delivery. */
  money: z.object({
    paidPaise: z.number().int(),
    feesKeptPaise: z.number().int(),
    /** Left to pay, on delivery or now; null before a quote. */
    balancePaise: z.number().int().nullable(),
    /** Payable online now: the advance, or after a change the difference the advance lacks. */
    dueNowPaise: z.number().int(),
    /** Until when the planner may change the lines (ISO); null when they cannot be changed now. */
    changesUntil: z.string().nullable(),
  }),
  submittedAt: z.string(),
  /** Goes up with every change: a change is made against the version its maker saw. */
  version: z.number().int(),
  /** The confirmation page's address with the emailed token: present only right after submitting. */
  link: z.string().optional(),
});
export type BulkOrderView = z.infer<typeof bulkOrderViewSchema>;

/** The spec's messages for the advance-payment card (card and UPI details are the provider's). */
export const BULK_PAYMENT_MESSAGES = {
  bank: /*i18n*/ "Please select your bank",
  codNotApproved:
    /*i18n*/ "Cash on delivery is subject to approval. Please choose another method, or contact us to request it.",
} as const;

/**
 * What the advance-payment card sends: the method, the UPI app, the bank. The amount is always
 * the server's 50% of the quote; card and UPI details are typed into the provider's checkout.
 */
export const bulkPaymentSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("credit_card") }).strict(),
  z.object({ method: z.literal("upi"), upiApp: z.enum(UPI_APPS) }).strict(),
  z
    .object({
      method: z.literal("net_banking"),
      bank: z.enum(BANKS, { message: BULK_PAYMENT_MESSAGES.bank }),
    })
    .strict(),
  z.object({ method: z.literal("cash_on_delivery") }).strict(),
]);
export type BulkPaymentInput = z.input<typeof bulkPaymentSchema>;
export type BulkPayment = z.output<typeof bulkPaymentSchema>;

/** A quote above Rs 1 crore is surely a typo (an extra zero, paise for rupees). */
export const MAX_QUOTE_PAISE = 1_00_00_000_00;

export const QUOTE_MESSAGES = {
  noLines: /*i18n*/ "Please add at least one product to the quote",
  tooManyLines: `A quote has at most ${MAX_QUOTE_LINES} lines; please split the order`,
  sameProductTwice:
    /*i18n*/ "Each product may appear once in a quote; please add the quantities together",
  quantity: `Each quantity must be above 0 and at most ${MAX_QUOTE_LINE_UNITS.toLocaleString("en-IN")} kg or units (whole grams for what is sold by weight)`,
  price: "Each price must be at least Rs 1 and at most Rs 1 lakh per unit",
  discount: `The event discount must be a whole percent from 0 to ${MAX_EVENT_DISCOUNT_PERCENT}`,
  deliveryCharge: `The delivery charge must be from Rs 0 to Rs ${(MAX_DELIVERY_CHARGE_PAISE / 100).toLocaleString("en-IN")}`,
  tooLarge: "The quote must be at most Rs 1 crore",
  unknownProduct: (productId: string) => `${productId} is not in the catalogue`,
  archivedProduct: (name: string) => `${name} is no longer sold; please choose another product`,
} as const;

export const quoteLineInputSchema = z
  .object({
    productId: z.string().trim().min(1, QUOTE_MESSAGES.noLines).max(100),
    quantity: z
      .number({ message: QUOTE_MESSAGES.quantity })
      .int(QUOTE_MESSAGES.quantity)
      .min(1, QUOTE_MESSAGES.quantity)
      .max(maxQuoteLineQuantity("kg"), QUOTE_MESSAGES.quantity),
    /** The day's market rate per unit; the catalogue's price when left out. */
    listPricePaise: z
      .number({ message: QUOTE_MESSAGES.price })
      .int(QUOTE_MESSAGES.price)
      .min(100, QUOTE_MESSAGES.price)
      .max(1_00_000_00, QUOTE_MESSAGES.price)
      .optional(),
  })
  .strict();
export type QuoteLineInputValue = z.input<typeof quoteLineInputSchema>;

/** A quote's lines: at least one, each product once. */
const quoteLinesOf = <Line extends z.ZodType<{ productId: string }>>(line: Line) =>
  z
    .array(line, { message: QUOTE_MESSAGES.noLines })
    .min(1, QUOTE_MESSAGES.noLines)
    .max(MAX_QUOTE_LINES, QUOTE_MESSAGES.tooManyLines)
    .refine(
      (lines) => new Set(lines.map((item) => item.productId)).size === lines.length,
      QUOTE_MESSAGES.sameProductTwice,
    );

/** Customer Relations prices a request from catalogue lines (the server reads each product). */
export const bulkQuoteSchema = z
  .object({
    lines: quoteLinesOf(quoteLineInputSchema),
    discountPercent: z
      .number({ message: QUOTE_MESSAGES.discount })
      .int(QUOTE_MESSAGES.discount)
      .min(0, QUOTE_MESSAGES.discount)
      .max(MAX_EVENT_DISCOUNT_PERCENT, QUOTE_MESSAGES.discount)
      .optional()
      .default(0),
    deliveryChargePaise: z
      .number({ message: QUOTE_MESSAGES.deliveryCharge })
      .int(QUOTE_MESSAGES.deliveryCharge)
      .min(0, QUOTE_MESSAGES.deliveryCharge)
      .max(MAX_DELIVERY_CHARGE_PAISE, QUOTE_MESSAGES.deliveryCharge)
      .optional()
      .default(0),
    /** Allow this request to be paid on delivery. */
    approveCod: z.boolean().optional().default(false),
  })
  .strict();
export type BulkQuote = z.output<typeof bulkQuoteSchema>;

/**
 * The planner's change after the advance (through the emailed link): each product and its new
 * quantity. Products already quoted keep their quoted price; a new one comes at today's price
 * with the event's discount.
 */
export const bulkChangeSchema = z
  .object({
    lines: quoteLinesOf(quoteLineInputSchema.omit({ listPricePaise: true })),
    /** The version of the order the planner changed: a change made meanwhile is not overwritten. */
    version: z.number().int().min(1).max(2_147_483_647),
  })
  .strict();
export type BulkChangeInput = z.input<typeof bulkChangeSchema>;
export type BulkChange = z.output<typeof bulkChangeSchema>;

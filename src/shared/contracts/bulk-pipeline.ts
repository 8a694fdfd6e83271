// Customer Relations' bulk orders (/api/staff/customer-relations/bulk-orders/...): the pipeline
// by status, a request in full, and its moves: quote, confirm, deliver, cancel.

import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import { BULK_STATUSES } from "../rules/bulk-order-status.ts";
import { REFUND_STATES } from "../rules/refund-state.ts";
import { bulkOrderViewSchema, bulkQuoteSchema } from "./bulk-orders.ts";
import { CUSTOMER_RELATIONS_API } from "./support-inbox.ts";

export const BULK_PIPELINE_API = `${CUSTOMER_RELATIONS_API}/bulk-orders`;
export const PIPELINE_PAGE = 50;

/** "Active": everything before delivered and cancelled. */
export const PIPELINE_FILTERS = ["active", ...BULK_STATUSES] as const;
export type PipelineFilter = (typeof PIPELINE_FILTERS)[number];

export const BULK_QUOTE_NOTES_MAX = 2000;
export const BULK_CANCEL_REASON_MAX = 500;

export const BULK_PIPELINE_MESSAGES = {
  changed: (by: string | null) =>
    `${by ?? "The customer"} changed this request a moment ago. Please look at it again before you go on.`,
  notQuotable: (ticketId: string, status: string) =>
    `${ticketId} is ${status}: it can no longer be quoted.`,
  cannot: (move: string, ticketId: string, status: string) =>
    `${ticketId} is ${status}: it cannot be ${move} now.`,
  reasonRequired: "Please say why the order is cancelled",
  earlyReasonRequired: "The event has not happened yet: please say why it is delivered early",
  noRequest: (ticketId: string) => `No bulk order request ${ticketId} exists.`,
} as const;

const version = z.number().int().min(1).max(2_147_483_647);

export const pipelineQuerySchema = z
  .object({
    status: z
      .enum(PIPELINE_FILTERS, { message: "Please choose a status from the list" })
      .default("active"),
  })
  .strict();
export type PipelineQuery = z.input<typeof pipelineQuerySchema>;

export const pipelineItemSchema = z.object({
  ticketId: z.string(),
  status: z.enum(BULK_STATUSES),
  name: z.string(),
  eventType: bulkOrderViewSchema.shape.eventType,
  location: z.string(),
  deliveryDate: z.string(),
  /** Whole India days from today to the event (0: today, negative: past). */
  daysLeft: z.number(),
  /** Not confirmed and the event is within 48 hours. */
  urgent: z.boolean(),
  quotePaise: z.number().nullable(),
  codRequested: z.boolean(),
  version: z.number(),
});
export type PipelineItem = z.infer<typeof pipelineItemSchema>;

export const pipelinePageSchema = z.object({
  orders: z.array(pipelineItemSchema),
  /** How many requests wait in each state (delivered and cancelled included). */
  counts: z.record(z.enum(BULK_STATUSES), z.number()),
  /** Shown: at most this many, nearest event first. */
  more: z.boolean(),
});
export type PipelinePage = z.infer<typeof pipelinePageSchema>;

export const staffBulkOrderSchema = bulkOrderViewSchema.extend({
  /** The shop order it became on its day, on the Sales board; null before. */
  eventOrderNumber: z.string().nullable(),
  updatedBy: z.string(),
  /** The language the planner asked in: their mails go out in it. */
  locale: z.enum(LOCALES),
  daysLeft: z.number(),
  urgent: z.boolean(),
  quoteNotes: z.string(),
  cancelReason: z.string().nullable(),
  feePaise: z.number().nullable(),
  refundPaise: z.number().nullable(),
  payments: z.array(
    z.object({
      method: z.string(),
      status: z.string(),
      amountPaise: z.number(),
      summary: z.string(),
      at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      amountPaise: z.number(),
      state: z.enum(REFUND_STATES),
      reason: z.string(),
      at: z.string(),
    }),
  ),
});
export type StaffBulkOrder = z.infer<typeof staffBulkOrderSchema>;

export const staffQuoteSchema = bulkQuoteSchema
  .extend({
    notes: z
      .string()
      .trim()
      .max(BULK_QUOTE_NOTES_MAX, `Notes must be at most ${BULK_QUOTE_NOTES_MAX} characters`)
      .optional()
      .default(""),
    version,
  })
  .strict();
export type StaffQuoteInput = z.input<typeof staffQuoteSchema>;

export const bulkVersionSchema = z.object({ version }).strict();

/** The desk's change after the advance: the lines at their prices, the discount and the delivery. */
export const staffBulkChangeSchema = bulkQuoteSchema
  .omit({ approveCod: true })
  .extend({ version })
  .strict();
export type StaffBulkChangeInput = z.input<typeof staffBulkChangeSchema>;

export const BALANCE_METHODS = ["cash", "online"] as const;
export const BALANCE_METHOD_LABELS = { cash: "Cash on delivery", online: "Paid online" } as const;

export const deliverBulkSchema = z
  .object({
    version,
    balanceMethod: z.enum(BALANCE_METHODS, { message: "Please say how the balance was paid" }),
    /** Why it is delivered before the event's date: asked then, and only then. */
    earlyReason: z
      .string()
      .trim()
      .max(
        BULK_CANCEL_REASON_MAX,
        `The reason must be at most ${BULK_CANCEL_REASON_MAX} characters`,
      )
      .optional(),
  })
  .strict();

/** Send a confirmed event order to the Sales board now; before its day, say why. */
export const toBoardSchema = z
  .object({
    version,
    reason: z
      .string()
      .trim()
      .max(
        BULK_CANCEL_REASON_MAX,
        `The reason must be at most ${BULK_CANCEL_REASON_MAX} characters`,
      )
      .optional()
      .transform((reason) => reason || undefined),
  })
  .strict();

export const cancelBulkSchema = z
  .object({
    version,
    reason: z
      .string({ message: BULK_PIPELINE_MESSAGES.reasonRequired })
      .trim()
      .min(1, BULK_PIPELINE_MESSAGES.reasonRequired)
      .max(
        BULK_CANCEL_REASON_MAX,
        `The reason must be at most ${BULK_CANCEL_REASON_MAX} characters`,
      ),
  })
  .strict();

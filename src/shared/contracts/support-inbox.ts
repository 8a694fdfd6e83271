// The support conversation: Customer Relations' inbox (/api/staff/customer-relations/tickets/...)
// and the customer's side of a ticket, opened from the signed link in a reply email
// (/api/support/tickets/{reference}). Times are ISO instants.

import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import { ORDER_STATUSES } from "../rules/order-status.ts";
import { MAX_SEARCH_LENGTH } from "../rules/product-filters.ts";
import { STORE } from "../store-info.ts";
import { PAYMENT_METHODS } from "./checkout.ts";
import { refundRequestSchema } from "./refund-requests.ts";
import { QUERY_TYPES } from "./support.ts";
import { TICKET_STATUSES } from "./ticket-statuses.ts";

export {
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
} from "./ticket-statuses.ts";

export const CUSTOMER_RELATIONS_API = "/api/staff/customer-relations";

/** Where a conversation began: the contact form, or the shop answering feedback or a rating. */
export const TICKET_ORIGINS = ["contact_form", "feedback", "rating"] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];

/** A reply or note from the shop, an answer from the customer. */
export const THREAD_ENTRY_KINDS = ["reply", "note", "answer"] as const;
export type ThreadEntryKind = (typeof THREAD_ENTRY_KINDS)[number];

/** A thread entry is read in full in an email; longer than this is a letter, not a reply. */
export const THREAD_ENTRY_MAX = 5000;
export const INBOX_PAGE = 25;
/** A customer's answers to one ticket in 24 hours: a conversation, not a flood. */
export const ANSWERS_PER_TICKET_PER_DAY = 20;

/** The reply promise as a clock: hours from the customer's last unanswered message. */
export const REPLY_PROMISE_HOURS = STORE.replyWithinHours;

export const SUPPORT_THREAD_MESSAGES = {
  empty: "Please write a message before sending",
  tooLong: `A message can be at most ${THREAD_ENTRY_MAX.toLocaleString("en-IN")} characters. Please shorten it or send it in two parts.`,
  /** `by` is the member who made the change, or null for the customer. */
  changed: (by: string | null) =>
    `${by ?? "The customer"} changed this ticket a moment ago. Your text is kept: read the ticket again, then send it.`,
  noTicket: "We could not find that ticket.",
  badLink:
    /*i18n*/ "This link has expired or is not complete. Please use the link in our latest email, or write to us again.",
  resolvedAlready: "This ticket is already resolved.",
  manyAnswers:
    "You have sent us many answers on this message today. Our team will reply to all of them; please wait for us.",
  openAlready: "This ticket is already open.",
} as const;

const referenceSchema = z
  .string()
  .regex(/^SUP-\d{6}$/, "The ticket reference must look like SUP-123456");

export const ticketParamSchema = z.object({ reference: referenceSchema });

const entryBody = z
  .string({ message: SUPPORT_THREAD_MESSAGES.empty })
  .trim()
  .min(1, SUPPORT_THREAD_MESSAGES.empty)
  .max(THREAD_ENTRY_MAX, SUPPORT_THREAD_MESSAGES.tooLong);

/** Row versions are PostgreSQL integers. */
const version = z.number().int().min(1).max(2_147_483_647);

/** A reply to the customer or an internal note; `version` is the ticket as the writer saw it. */
export const threadEntrySchema = z.object({ body: entryBody, version }).strict();
export type ThreadEntryInput = z.infer<typeof threadEntrySchema>;

/** Resolve or reopen, against the version the member saw. */
export const ticketVersionSchema = z.object({ version }).strict();

/** At most this many tickets resolved in one request: two pages of the inbox. */
export const BULK_RESOLVE_MAX = INBOX_PAGE * 2;

/** Several tickets resolved together, each against the version the member saw. */
export const bulkResolveSchema = z
  .object({
    tickets: z
      .array(z.object({ reference: referenceSchema, version }).strict())
      .min(1, "Please select at least one ticket")
      .max(BULK_RESOLVE_MAX, `Resolve at most ${BULK_RESOLVE_MAX} tickets at once`)
      .refine(
        (tickets) => new Set(tickets.map((ticket) => ticket.reference)).size === tickets.length,
        "Each ticket may be named once",
      ),
  })
  .strict();
export type BulkResolveInput = z.infer<typeof bulkResolveSchema>;

/** Why a selected ticket was left as it is. */
export const BULK_RESOLVE_MESSAGES = {
  changed: (by: string | null) =>
    `${by ?? "The customer"} changed this ticket after you selected it, so it was left as it is. Read it, then resolve it.`,
} as const;

/** What was resolved, and each ticket that was not with the reason, as a single resolve says it. */
export const bulkResolveResultSchema = z.object({
  resolved: z.array(z.string()),
  refused: z.array(z.object({ reference: z.string(), message: z.string() })),
});
export type BulkResolveResult = z.infer<typeof bulkResolveResultSchema>;

/** How old a ticket is, from when it was filed; "today" is the India day. */
export const TICKET_AGES = ["hour", "today", "day", "week"] as const;
export type TicketAge = (typeof TICKET_AGES)[number];
export const TICKET_AGE_LABELS: Record<TicketAge, string> = {
  hour: "Under 1 hour",
  today: "Today",
  day: "Older than 1 day",
  week: "Older than a week",
};

export const INBOX_SEARCH_MESSAGES = {
  tooLong: `Search at most ${MAX_SEARCH_LENGTH} characters`,
  type: "Please choose a type from the list",
  age: "Please choose an age from the list",
} as const;

export const inboxQuerySchema = z
  .object({
    status: z
      .enum(TICKET_STATUSES, { message: "Please choose a status from the list" })
      .default("open"),
    /** A reference, name, email, phone, order number or words of the conversation. */
    q: z.string().trim().max(MAX_SEARCH_LENGTH, INBOX_SEARCH_MESSAGES.tooLong).optional(),
    type: z.enum(QUERY_TYPES, { message: INBOX_SEARCH_MESSAGES.type }).optional(),
    age: z.enum(TICKET_AGES, { message: INBOX_SEARCH_MESSAGES.age }).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,16}\.\d{1,10}$/, "The cursor is not one this list gave out")
      .refine(
        (value) => Number(value.split(".")[1]) <= 2_147_483_647,
        "The cursor is not one this list gave out",
      )
      .optional(),
  })
  .strict();
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxTicketSchema = z.object({
  reference: z.string(),
  status: z.enum(TICKET_STATUSES),
  queryType: z.enum(QUERY_TYPES),
  name: z.string(),
  email: z.string(),
  /** As the customer typed it; `orderFound` says whether the store has such an order. */
  orderNumber: z.string(),
  orderFound: z.boolean(),
  /** The start of the customer's latest message. */
  preview: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the promised reply is due; null unless the customer is waiting on the shop. */
  replyDueAt: z.string().nullable(),
  version: z.number(),
});
export type InboxTicket = z.infer<typeof inboxTicketSchema>;

export const inboxPageSchema = z.object({
  tickets: z.array(inboxTicketSchema),
  nextCursor: z.string().nullable(),
  /** The server's clock, so the reply clocks count from the same moment for everyone. */
  now: z.string(),
  counts: z.object({ open: z.number(), overdue: z.number(), waiting: z.number() }),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const threadEntrySchemaOut = z.object({
  id: z.number(),
  kind: z.enum(THREAD_ENTRY_KINDS),
  body: z.string(),
  /** The member's name for the shop's entries; the customer's name for answers. */
  author: z.string(),
  createdAt: z.string(),
});
export type ThreadEntry = z.infer<typeof threadEntrySchemaOut>;

const orderFactsSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  totalPaise: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  placedAt: z.string(),
});

/** How many orders a ticket's page names at most. */
export const TICKET_ORDERS_MAX = 10;

export const staffTicketSchema = inboxTicketSchema.extend({
  phone: z.string(),
  /** The language the customer wrote in: the shop's replies are mailed in its frame. */
  locale: z.enum(LOCALES),
  message: z.string(),
  updatedBy: z.string(),
  thread: z.array(threadEntrySchemaOut),
  /** The order the ticket names, when the store has it. */
  order: orderFactsSchema.nullable(),
  /**
   * The store's orders the ticket is about: the one it names, then any `FHH-` number written in
   * its conversation, in the order they first appear.
   */
  orders: z.array(orderFactsSchema.extend({ orderNumber: z.string() })),
  /** Refunds asked of Sales from this ticket, and when each was made. */
  refundRequests: z.array(refundRequestSchema),
  /** The server's clock, for the reply clock. */
  now: z.string(),
});
export type StaffTicket = z.infer<typeof staffTicketSchema>;

/** The customer's view: their message and the conversation, without the shop's notes. */
export const customerTicketSchema = z.object({
  reference: z.string(),
  status: z.enum(TICKET_STATUSES),
  queryType: z.enum(QUERY_TYPES),
  name: z.string(),
  orderNumber: z.string(),
  message: z.string(),
  createdAt: z.string(),
  thread: z.array(threadEntrySchemaOut),
});
export type CustomerTicket = z.infer<typeof customerTicketSchema>;

/** The signed link's token travels in the query of GETs and in the body of the answer. */
export const ticketTokenQuerySchema = z.object({ token: z.string().max(100) }).strict();
export const customerAnswerSchema = z
  .object({ token: z.string().max(100), body: entryBody })
  .strict();

/** A signed-in customer's tickets, each with a link that opens it. */
export const myTicketsSchema = z.object({
  tickets: z.array(
    z.object({
      reference: z.string(),
      status: z.enum(TICKET_STATUSES),
      queryType: z.enum(QUERY_TYPES),
      createdAt: z.string(),
      updatedAt: z.string(),
      path: z.string(),
    }),
  ),
});
export type MyTickets = z.infer<typeof myTicketsSchema>;

/** The customer's page for a ticket: `/support/ticket/SUP-123456?token=...`. */
export const ticketPagePath = (reference: string, token: string) =>
  `/support/ticket/${encodeURIComponent(reference)}?${new URLSearchParams({ token })}`;

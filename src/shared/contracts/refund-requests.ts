// What Customer Relations sees of a customer beside a ticket (their orders and earlier tickets,
// read-only) and the refund requests it sends Sales from a ticket.
import { z } from "zod";
import { DELIVERED_REFUND_REASONS } from "../rules/delivered-refund.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../rules/order-status.ts";
import { REFUND_STATES } from "../rules/refund-state.ts";
import { PAYMENT_METHODS } from "./checkout.ts";
import { QUERY_TYPES } from "./support.ts";
import { TICKET_STATUSES } from "./ticket-statuses.ts";

/** Open until Sales refunds it (done) or says why not (declined). */
export const REFUND_REQUEST_STATES = ["open", "done", "declined"] as const;
export type RefundRequestState = (typeof REFUND_REQUEST_STATES)[number];

export const REFUND_REQUEST_NOTE_MAX = 500;

export const REFUND_REQUEST_MESSAGES = {
  orderRequired: "Please choose the order to refund.",
  noteRequired: "Please say what Sales should refund, and why.",
  noteTooLong: `Keep the note under ${REFUND_REQUEST_NOTE_MAX} characters`,
  notTheirs: "This order is not one of this customer's: ask for a refund of their own orders.",
  notDelivered:
    "Only a delivered order can be refunded: Sales can cancel one that has not arrived.",
  alreadyAsked: "Sales has already been asked to refund this order for this ticket.",
  nothingLeft: "This order has been refunded in full: there is nothing left to refund.",
  notOpen: "This refund request is not open for this order any more. Reload the requests.",
  notFound: "There is no such refund request.",
  declineNoteRequired: "Please say why the order is not refunded: the ticket shows it.",
} as const;

export const refundRequestInputSchema = z
  .object({
    orderNumber: z
      .string({ message: REFUND_REQUEST_MESSAGES.orderRequired })
      .regex(/^FHH-\d{6}$/, REFUND_REQUEST_MESSAGES.orderRequired),
    note: z
      .string({ message: REFUND_REQUEST_MESSAGES.noteRequired })
      .trim()
      .min(1, REFUND_REQUEST_MESSAGES.noteRequired)
      .max(REFUND_REQUEST_NOTE_MAX, REFUND_REQUEST_MESSAGES.noteTooLong),
  })
  .strict();
export type RefundRequestInput = z.infer<typeof refundRequestInputSchema>;

/** A request from a ticket to Sales, and when Sales did it. */
export const refundRequestSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  ticketReference: z.string(),
  note: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  state: z.enum(REFUND_REQUEST_STATES),
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  /** The refund that answered it. */
  refundedPaise: z.number().int().nullable(),
  /** Why Sales declined it. */
  declineNote: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundRequestParamSchema = z.object({
  id: z.coerce
    .number({ message: REFUND_REQUEST_MESSAGES.notFound })
    .int(REFUND_REQUEST_MESSAGES.notFound)
    .min(1, REFUND_REQUEST_MESSAGES.notFound)
    .max(2_147_483_647, REFUND_REQUEST_MESSAGES.notFound),
});

export const declineRefundRequestSchema = z
  .object({
    note: z
      .string({ message: REFUND_REQUEST_MESSAGES.declineNoteRequired })
      .trim()
      .min(1, REFUND_REQUEST_MESSAGES.declineNoteRequired)
      .max(REFUND_REQUEST_NOTE_MAX, REFUND_REQUEST_MESSAGES.noteTooLong),
  })
  .strict();
export type DeclineRefundRequest = z.infer<typeof declineRefundRequestSchema>;

export const refundRequestListSchema = z.object({ requests: z.array(refundRequestSchema) });
export type RefundRequestList = z.infer<typeof refundRequestListSchema>;

/** One of the customer's orders, as the desk reads it: nothing it can change. */
export const customerOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  placedAt: z.string(),
  deliveredAt: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalPaise: z.number().int(),
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      unit: z.string(),
      ordered: z.number().int(),
      supplied: z.number().int(),
    }),
  ),
  /** Money going back through the provider (a cancel, a short pick, a refund), where it stands. */
  providerRefunds: z.array(
    z.object({
      reference: z.string(),
      amountPaise: z.number().int(),
      reason: z.string(),
      state: z.enum(REFUND_STATES),
    }),
  ),
  refundsAfterDelivery: z.array(
    z.object({
      totalPaise: z.number().int(),
      reason: z.enum(DELIVERED_REFUND_REASONS),
      creditNoteNumber: z.string(),
      at: z.string(),
    }),
  ),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerHistorySchema = z.object({
  /**
   * Whether the ticket's email address is proven the customer's: they wrote in signed in, or
   * answered from the link the shop emailed. Anyone can type any address in the contact form.
   */
  emailProven: z.boolean(),
  /** Newest first, at most CUSTOMER_HISTORY_ORDERS. */
  orders: z.array(customerOrderSchema),
  /** The customer's other tickets, newest first. */
  tickets: z.array(
    z.object({
      reference: z.string(),
      status: z.enum(TICKET_STATUSES),
      queryType: z.enum(QUERY_TYPES),
      orderNumber: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type CustomerHistory = z.infer<typeof customerHistorySchema>;

export const CUSTOMER_HISTORY_ORDERS = 20;

// The sales manager's API (/api/staff/sales/...): the order board, an order's detail, its moves,
// cancellation, the pick list. Money is integer paise; times are ISO instants; days are India days.

import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";
import {
  CASH_PAID_BACK_BY,
  DELIVERED_REFUND_MESSAGES,
  DELIVERED_REFUND_REASONS,
  RETURNED_GOODS,
} from "../rules/delivered-refund.ts";
import { maxPerOrder } from "../rules/measure.ts";
import {
  CANCEL_REASONS,
  FORWARD_MOVES,
  FULFILMENT_MESSAGES,
  ORDER_CANCEL_REASONS,
  PROMISE_STATES,
  SHORT_PICK_REASONS,
} from "../rules/order-fulfilment.ts";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../rules/order-status.ts";
import { REFUND_STATES } from "../rules/refund-state.ts";
import { isOrderDay } from "../rules/shop-time.ts";
import { PAYMENT_METHODS } from "./checkout.ts";
import { orderLineSchema } from "./orders.ts";

export const SALES_API = "/api/staff/sales";
export const BOARD_PAGE = { default: 25, max: 100 } as const;

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((value) => value === true || value === "true" || value === "1")
  .optional();

const day = (label: string) =>
  z.string().refine(isOrderDay, `${label} must be a date such as 2026-11-24`).optional();

/** Row ids are PostgreSQL integers. */
const MAX_ROW_ID = 2_147_483_647;

export const orderNumberParamSchema = z.object({
  orderNumber: z.string().regex(/^FHH-\d{6}$/, "The order number must look like FHH-123456"),
});

/** The board's filters. Open: every state before delivered and cancelled. */
export const BOARD_STATUS_FILTERS = ["open", ...ORDER_STATUSES] as const;

/** A shop order, or an event order placed from a bulk quote on its day. */
export const ORDER_KINDS = ["shop", "event"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  shop: "Shop orders",
  event: "Event orders",
};

export const boardQuerySchema = z
  .object({
    status: z
      .enum(BOARD_STATUS_FILTERS, { message: "Please choose a status from the list" })
      .optional(),
    paymentMethod: z
      .enum(PAYMENT_METHODS, { message: "Please choose a payment method from the list" })
      .optional(),
    paymentStatus: z
      .enum(PAYMENT_STATUSES, { message: "Please choose a payment status from the list" })
      .optional(),
    /** First and last India day, inclusive. */
    from: day("The first day"),
    to: day("The last day"),
    /** Only orders past the promise and not delivered. */
    late: flag,
    /** Shop orders only, or event orders (placed from a bulk quote on their day) only. */
    kind: z.enum(ORDER_KINDS, { message: "Please choose shop or event orders" }).optional(),
    /** An order number, a phone number or an email address. */
    q: z.string().trim().max(100, "Search at most 100 characters").optional(),
    cursor: z
      .string()
      .regex(/^\d{1,16}\.\d{1,10}$/, "The cursor is not one this list gave out")
      .refine(
        (cursor) => Number(cursor.split(".")[1]) <= MAX_ROW_ID,
        "The cursor is not one this list gave out",
      )
      .optional(),
    limit: z.coerce
      .number({ message: "The page size must be a number" })
      .int("The page size must be a whole number")
      .min(1, "The page size must be at least 1")
      .max(BOARD_PAGE.max, `The page size must be at most ${BOARD_PAGE.max}`)
      .default(BOARD_PAGE.default),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: "The first day must not be after the last day",
    path: ["to"],
  });
export type BoardQuery = z.input<typeof boardQuerySchema>;

export const boardOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  customerName: z.string(),
  phone: z.string(),
  pincode: z.string(),
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
  placedAt: z.string(),
  /** When the order reached its current state. */
  statusAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** An event order's bulk ticket: its promise is its day. */
  eventTicket: z.string().nullable(),
  promise: z.enum(PROMISE_STATES),
});
export type BoardOrder = z.infer<typeof boardOrderSchema>;

export const boardPageSchema = z.object({
  orders: z.array(boardOrderSchema),
  nextCursor: z.string().nullable(),
  /** The server's clock, so ages on the board do not depend on the manager's device. */
  now: z.string(),
});
export type BoardPage = z.infer<typeof boardPageSchema>;

export const timelineEntrySchema = z.object({
  status: z.enum(ORDER_STATUSES),
  /** "short_pick" entries record a change of lines while packing. */
  kind: z.enum(["status", "short_pick", "refund", "credit_note"]),
  at: z.string(),
  /** Who made the change; null when the shopper placed the order. */
  staffName: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const salesOrderLineSchema = orderLineSchema.extend({
  /** What the shopper ordered; `quantity` is what is being supplied after any short-pick. */
  orderedQuantity: z.number().int(),
});
export type SalesOrderLine = z.infer<typeof salesOrderLineSchema>;

export const refundSchema = z.object({
  amountPaise: z.number().int(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  at: z.string(),
});

export const creditNoteSummarySchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  totalPaise: z.number().int(),
  reason: z.string(),
});
export type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;

/** One refund of a delivered order, with the credit note it issued. */
export const deliveredRefundSchema = z.object({
  creditNoteNumber: z.string(),
  reason: z.enum(DELIVERED_REFUND_REASONS),
  note: z.string().nullable(),
  goods: z.enum(RETURNED_GOODS),
  /** A cash order's refund: how it was paid back; null when it went back through the provider. */
  paidBackBy: z.enum(CASH_PAID_BACK_BY).nullable(),
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
      taxablePaise: z.number().int(),
      gstPaise: z.number().int(),
    }),
  ),
  deliveryFeePaise: z.number().int(),
  totalPaise: z.number().int(),
  at: z.string(),
  staffName: z.string().nullable(),
});
export type DeliveredRefund = z.infer<typeof deliveredRefundSchema>;

/** What a delivered order can still give back, and the refunds already made. */
export const afterDeliverySchema = z.object({
  windowHours: z.number().int(),
  /** After this a refund needs a note why. */
  windowEndsAt: z.string(),
  refundable: z.object({
    lines: z.array(
      z.object({
        productId: z.string(),
        units: z.number().int(),
        taxablePaise: z.number().int(),
        gstPaise: z.number().int(),
      }),
    ),
    deliveryFeePaise: z.number().int(),
  }),
  refunds: z.array(deliveredRefundSchema),
});
export type AfterDelivery = z.infer<typeof afterDeliverySchema>;

export const salesOrderSchema = z.object({
  orderNumber: z.string(),
  /** The shop's tolerance for weighed lines at packing, in percent either way. */
  weightTolerancePercent: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  promise: z.enum(PROMISE_STATES),
  placedAt: z.string(),
  deliveredAt: z.string().nullable(),
  customerName: z.string(),
  /** The language the shopper ordered in: their mails go out in it. */
  locale: z.enum(LOCALES),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  notes: z.string(),
  lines: z.array(salesOrderLineSchema),
  subtotalPaise: z.number().int(),
  gstPaise: z.number().int(),
  deliveryFeePaise: z.number().int(),
  totalPaise: z.number().int(),
  /** An event order's bulk ticket; null for a shop order. */
  eventTicket: z.string().nullable(),
  /** Cash the rider collects: the total, or an event order's balance after its advance. */
  collectPaise: z.number().int(),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    /** The provider's reference for the charge; null for cash. */
    reference: z.string().nullable(),
    /** Brand and last four digits, or the UPI ID: never more. */
    instrument: z.string(),
  }),
  cancelReason: z.enum(ORDER_CANCEL_REASONS).nullable(),
  cancelNote: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  creditNotes: z.array(creditNoteSummarySchema),
  refunds: z.array(refundSchema),
  /** Null until the order is delivered. */
  afterDelivery: afterDeliverySchema.nullable(),
  timeline: z.array(timelineEntrySchema),
  now: z.string(),
});
export type SalesOrder = z.infer<typeof salesOrderSchema>;

export const moveOrderSchema = z
  .object({
    to: z.enum(FORWARD_MOVES, { message: "Please choose the next step for this order" }),
    /**
     * At packing: lines not packed as ordered, with what was packed (units, or the scale's
     * reading in grams for a product sold by weight).
     */
    picked: z
      .array(
        z
          .object({
            productId: z.string().min(1).max(100),
            quantity: z
              .number({ message: "Units packed must be a number" })
              .int("Units packed must be a whole number (grams for what is weighed)")
              .min(0, "Units packed cannot be negative")
              .max(maxPerOrder("kg") * 2, "Please check the weight packed: it is far too large"),
            /**
             * Why less was packed than ordered (beyond the weighing tolerance): the ledger records
             * it as a count or a write-off. Not needed for a weight within the tolerance.
             */
            reason: z
              .enum(SHORT_PICK_REASONS, { message: FULFILMENT_MESSAGES.shortPickReason })
              .optional(),
          })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict();
export type MoveOrder = z.infer<typeof moveOrderSchema>;

export const cancelOrderSchema = z
  .object({
    reason: z.enum(CANCEL_REASONS, { message: "Please choose why the order is cancelled" }),
    note: z.string().trim().max(500, "Keep the note under 500 characters").optional(),
  })
  .strict()
  .refine((body) => body.reason !== "other" || Boolean(body.note), {
    message: FULFILMENT_MESSAGES.noteRequired,
    path: ["note"],
  });
export type CancelOrder = z.infer<typeof cancelOrderSchema>;

const refundLineSchema = z
  .object({
    productId: z.string().min(1).max(100),
    quantity: z
      .number({ message: DELIVERED_REFUND_MESSAGES.unitsPositive })
      .int(DELIVERED_REFUND_MESSAGES.unitsPositive)
      .min(1, DELIVERED_REFUND_MESSAGES.unitsPositive)
      .max(100_000, DELIVERED_REFUND_MESSAGES.unitsPositive)
      .optional(),
    amountPaise: z
      .number({ message: DELIVERED_REFUND_MESSAGES.amountPositive })
      .int(DELIVERED_REFUND_MESSAGES.amountPositive)
      .min(1, DELIVERED_REFUND_MESSAGES.amountPositive)
      .max(100_000_000, DELIVERED_REFUND_MESSAGES.amountPositive)
      .optional(),
  })
  .strict()
  .refine((line) => (line.quantity === undefined) !== (line.amountPaise === undefined), {
    message: DELIVERED_REFUND_MESSAGES.unitsOrAmount,
  });

/** A refund of a delivered order: lines by units or amount, the delivery fee, why, and how. */
export const refundDeliveredSchema = z
  .object({
    /** Names this refund: the same key again answers the refund already made. */
    key: z.string().uuid("The refund's key must be a UUID"),
    reason: z.enum(DELIVERED_REFUND_REASONS, {
      message: DELIVERED_REFUND_MESSAGES.reasonRequired,
    }),
    lines: z.array(refundLineSchema).max(100),
    deliveryFee: z.boolean().optional(),
    goods: z.enum(RETURNED_GOODS).default("restock"),
    paidBackBy: z.enum(CASH_PAID_BACK_BY).optional(),
    note: z.string().trim().max(500, DELIVERED_REFUND_MESSAGES.noteTooLong).optional(),
    /** The request from Customer Relations this refund answers. */
    requestId: z.number().int().min(1).max(MAX_ROW_ID).optional(),
  })
  .strict()
  .refine((body) => body.lines.length > 0 || body.deliveryFee === true, {
    message: DELIVERED_REFUND_MESSAGES.nothingAsked,
    path: ["lines"],
  });
export type RefundDelivered = z.input<typeof refundDeliveredSchema>;
export type RefundDeliveredAsk = z.output<typeof refundDeliveredSchema>;

/** The shop as its papers name it: the packing slip's heading, as on its GST invoices. */
export const sellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string(),
});
export type SellerHeading = z.infer<typeof sellerSchema>;

/** The states an order may be picked in: placed ahead of confirming, or confirmed. */
export const PICK_LIST_STATUSES = ["placed", "confirmed"] as const;
export type PickListStatus = (typeof PICK_LIST_STATUSES)[number];

/**
 * Which orders the pick list gathers: `?status=placed,confirmed` (comma-separated, in any order);
 * without it, both, as the shop picks a placed order while it is still being confirmed.
 */
export const pickListQuerySchema = z
  .object({
    status: z
      .string()
      .max(100, "Please choose Placed, Confirmed or both")
      .transform((value) => value.split(",").map((part) => part.trim()))
      .pipe(
        z
          .array(z.enum(PICK_LIST_STATUSES, { message: "Please choose Placed, Confirmed or both" }))
          .min(1, "Please choose Placed, Confirmed or both")
          .transform((list) => PICK_LIST_STATUSES.filter((status) => list.includes(status))),
      )
      .prefault(PICK_LIST_STATUSES.join(",")),
  })
  .strict();
export type PickListQuery = z.output<typeof pickListQuerySchema>;

/** Placed and confirmed orders' lines, grouped by product, for the picker's round of the shelves. */
export const pickListSchema = z.object({
  generatedAt: z.string(),
  /** The states this list gathers. */
  statuses: z.array(z.enum(PICK_LIST_STATUSES)),
  orderCount: z.number().int(),
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      unit: z.string(),
      /** Where the picker finds it, when the shop has said. */
      shelfLocation: z.string().nullable(),
      totalUnits: z.number().int(),
      orders: z.array(
        z.object({
          orderNumber: z.string(),
          quantity: z.number().int(),
          status: z.enum(PICK_LIST_STATUSES),
        }),
      ),
      /** The lots the orders took from, oldest first: what to take off the shelf. */
      lots: z.array(z.object({ label: z.string(), quantity: z.number().int() })),
    }),
  ),
});
export type PickList = z.infer<typeof pickListSchema>;

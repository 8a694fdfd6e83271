// Inventory's outlook of event orders (/api/staff/inventory/event-outlook): what each coming day's
// event orders need of each product, against the stock on hand now.
import { z } from "zod";
import { BULK_STATUSES } from "../rules/bulk-order-status.ts";
import { EVENT_TYPES } from "../rules/event-types.ts";

export const EVENT_OUTLOOK_API = "/api/staff/inventory/event-outlook";
/** The outlook looks this many India days ahead, today included. */
export const EVENT_OUTLOOK_DAYS = 30;

export const outlookLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  unit: z.string(),
  /** Of event orders whose advance is paid (or cash on delivery approved): the shop has promised. */
  committed: z.number().int(),
  /** Of quotes the planner is still to pay: held for them while they pay. */
  quoted: z.number().int(),
  stock: z.number().int(),
  /** What this day and every earlier day of the outlook need beyond the stock on hand now. */
  shortBy: z.number().int(),
});
export type OutlookLine = z.infer<typeof outlookLineSchema>;

export const outlookDaySchema = z.object({
  date: z.string(),
  orders: z.array(
    z.object({
      ticketId: z.string(),
      eventType: z.enum(EVENT_TYPES),
      status: z.enum(BULK_STATUSES),
    }),
  ),
  lines: z.array(outlookLineSchema),
});
export type OutlookDay = z.infer<typeof outlookDaySchema>;

export const eventOutlookSchema = z.object({ days: z.array(outlookDaySchema) });
export type EventOutlook = z.infer<typeof eventOutlookSchema>;

export const EVENT_OUTLOOK_TEXT = {
  heading: "Event orders ahead",
  intro: `What event orders need on their day, over the next ${EVENT_OUTLOOK_DAYS} days, against the stock on hand now. Quotes still to be paid are held for the planner while they pay.`,
  empty: `No event orders in the next ${EVENT_OUTLOOK_DAYS} days.`,
  loading: "Loading event orders",
  product: "Product",
  committed: "Promised",
  quoted: "Quoted",
  stock: "In stock",
  short: "Short",
  enough: "Enough",
  shortBy: (quantity: number, unit: string) => `Short by ${quantity} ${unit}`,
} as const;

// Customer Relations' figures at the top of dashboard 3, live.
import { z } from "zod";
import { CUSTOMER_RELATIONS_API } from "./support-inbox.ts";

export const RELATIONS_FIGURES_API = `${CUSTOMER_RELATIONS_API}/figures`;

/** The window of the first-reply median, and of the confirmed event orders ahead. */
export const FIRST_REPLY_DAYS = 7;
export const EVENTS_AHEAD_DAYS = 30;

export const relationsFiguresSchema = z.object({
  openTickets: z.number(),
  overdueTickets: z.number(),
  /** Median minutes from a ticket to its first reply, over tickets of the last 7 days. */
  medianFirstReplyMinutes: z.number().nullable(),
  unreadFeedback: z.number(),
  averageRating7: z.number().nullable(),
  averageRating30: z.number().nullable(),
  bulkAwaitingReview: z.number(),
  /** The quotes of confirmed event orders to deliver in the next 30 days, in paise. */
  confirmedEventsPaise: z.number(),
  confirmedEvents: z.number(),
});
export type RelationsFigures = z.infer<typeof relationsFiguresSchema>;

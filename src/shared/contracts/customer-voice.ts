// What customers tell the shop outside a support ticket: home-page feedback messages and order
// ratings, as Customer Relations reads them (/api/staff/customer-relations/feedback, /ratings).
// Answering either opens a support conversation with the customer (support-inbox.ts).
import { z } from "zod";
import { CUSTOMER_RELATIONS_API, threadEntrySchema } from "./support-inbox.ts";

export const FEEDBACK_API = `${CUSTOMER_RELATIONS_API}/feedback`;
export const RATINGS_API = `${CUSTOMER_RELATIONS_API}/ratings`;
export const VOICE_PAGE = 20;

/** Ratings at or below this many stars ask for a follow-up. */
export const LOW_RATING_MAX = 2;
export const RATING_DAYS = 30;

const cursor = z
  .string()
  .regex(/^\d{1,16}\.\d{1,10}$/, "The cursor is not one this list gave out")
  .refine(
    (value) => Number(value.split(".")[1]) <= 2_147_483_647,
    "The cursor is not one this list gave out",
  )
  .optional();

export const voiceListQuerySchema = z.object({ cursor }).strict();

export const feedbackIdParamSchema = z.object({
  id: z.coerce
    .number({ message: "The feedback id must be a number" })
    .int()
    .min(1)
    .max(2_147_483_647),
});

export const feedbackMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  readBy: z.string().nullable(),
  /** The conversation a reply opened, if one did. */
  ticketReference: z.string().nullable(),
});
export type FeedbackMessage = z.infer<typeof feedbackMessageSchema>;

export const feedbackPageSchema = z.object({
  messages: z.array(feedbackMessageSchema),
  nextCursor: z.string().nullable(),
  unread: z.number(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

/** The first reply to a feedback message or a low rating: it opens a conversation. */
export const followUpSchema = threadEntrySchema.pick({ body: true }).strict();
export type FollowUp = z.infer<typeof followUpSchema>;
export const followUpResultSchema = z.object({ reference: z.string() });

export const ratingsSummarySchema = z.object({
  average7: z.number().nullable(),
  average30: z.number().nullable(),
  count7: z.number(),
  count30: z.number(),
  /** Ratings over the last 30 days by stars, 1 to 5. */
  distribution: z.array(z.object({ stars: z.number(), count: z.number() })),
  /** The average of each India day of the last 30 that had ratings, oldest first. */
  trend: z.array(z.object({ day: z.string(), average: z.number(), count: z.number() })),
});
export type RatingsSummary = z.infer<typeof ratingsSummarySchema>;

export const lowRatingSchema = z.object({
  orderNumber: z.string(),
  rating: z.number(),
  ratedAt: z.string(),
  customerName: z.string(),
  email: z.string(),
  totalPaise: z.number(),
  ticketReference: z.string().nullable(),
  /** The customer's tickets about the same order before the follow-up, oldest first. */
  earlierTickets: z.array(z.string()),
});
export type LowRating = z.infer<typeof lowRatingSchema>;

export const lowRatingsPageSchema = z.object({
  ratings: z.array(lowRatingSchema),
  nextCursor: z.string().nullable(),
});
export type LowRatingsPage = z.infer<typeof lowRatingsPageSchema>;

export const VOICE_MESSAGES = {
  noFeedback: "We could not find that feedback message.",
  noRating: "That order has no rating of 1 or 2 stars to follow up.",
  alreadyFollowedUp: (reference: string) =>
    `A conversation about this is already open: ${reference}. Please answer there.`,
} as const;

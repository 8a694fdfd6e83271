import { z } from "zod";

/**
 * Every topic the live-update bus carries. A topic names what changed; the dashboards and an
 * order's page refetch what depends on it.
 */
export const LIVE_TOPICS = {
  orders: "orders",
  products: "products",
  stock: "stock",
  supportTicket: "support-ticket",
  /** A desk is on a ticket, or writing a reply to it (ticket-presence.ts): nothing changed. */
  ticketPresence: "ticket-presence",
  /** The desk's saved replies were written, edited or deleted. */
  savedReplies: "saved-replies",
  feedback: "feedback",
  rating: "rating",
  bulkOrder: "bulk-order",
  largeOrders: "large-orders",
  refundRequests: "refund-requests",
  signInWarnings: "sign-in-warnings",
  /** Notices may have been missed (a database connection came back): look at everything again. */
  resync: "resync",
} as const;

export type LiveTopic = (typeof LIVE_TOPICS)[keyof typeof LIVE_TOPICS];

export const liveTopicSchema = z.enum(Object.values(LIVE_TOPICS) as [LiveTopic, ...LiveTopic[]]);

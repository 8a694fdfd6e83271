// Every Customer Relations query's key, in one place, so the live stream can refresh them by topic.

import { LIVE_TOPICS } from "../../../../shared/contracts/live-topics.ts";
import type { InboxQuery } from "../../../../shared/contracts/support-inbox.ts";

const all = ["staff", "customer-relations"] as const;

export const relationsKeys = {
  all,
  inboxes: () => [...all, "inbox"] as const,
  inbox: (query: InboxQuery) => [...all, "inbox", query] as const,
  tickets: () => [...all, "ticket"] as const,
  ticket: (reference: string) => [...all, "ticket", reference] as const,
  customers: () => [...all, "customer"] as const,
  customer: (reference: string) => [...all, "customer", reference] as const,
  feedback: () => [...all, "feedback"] as const,
  ratings: () => [...all, "ratings"] as const,
  lowRatings: () => [...all, "low-ratings"] as const,
  pipelines: () => [...all, "pipeline"] as const,
  pipeline: (filter: string) => [...all, "pipeline", filter] as const,
  bulkOrders: () => [...all, "bulk-order"] as const,
  bulkOrder: (ticketId: string) => [...all, "bulk-order", ticketId] as const,
  figures: () => [...all, "figures"] as const,
  savedReplies: () => [...all, "saved-replies"] as const,
};

/**
 * A ticket filed or changed refreshes the inbox, an open ticket, and the lists that link to
 * conversations; feedback and ratings refresh their own panels.
 */
export const RELATIONS_LIVE_KEYS = {
  [LIVE_TOPICS.supportTicket]: [
    relationsKeys.inboxes(),
    relationsKeys.tickets(),
    relationsKeys.customers(),
    relationsKeys.feedback(),
    relationsKeys.lowRatings(),
  ],
  [LIVE_TOPICS.feedback]: [relationsKeys.feedback()],
  [LIVE_TOPICS.rating]: [relationsKeys.ratings(), relationsKeys.lowRatings()],
  [LIVE_TOPICS.bulkOrder]: [relationsKeys.pipelines(), relationsKeys.bulkOrders()],
  [LIVE_TOPICS.savedReplies]: [relationsKeys.savedReplies()],
  // The figures count a bit of everything: any change of this dashboard's refreshes them.
  "*": [relationsKeys.figures()],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

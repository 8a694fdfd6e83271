// Every Customer Relations query's key, in one place, so the live stream can refresh them by topic.
import { BULK_TOPIC } from "../../../../shared/contracts/bulk-pipeline.ts";
import { FEEDBACK_TOPIC, RATING_TOPIC } from "../../../../shared/contracts/customer-voice.ts";
import { type InboxQuery, SUPPORT_TOPIC } from "../../../../shared/contracts/support-inbox.ts";

const all = ["staff", "customer-relations"] as const;

export const relationsKeys = {
  all,
  inboxes: () => [...all, "inbox"] as const,
  inbox: (query: InboxQuery) => [...all, "inbox", query] as const,
  tickets: () => [...all, "ticket"] as const,
  ticket: (reference: string) => [...all, "ticket", reference] as const,
  feedback: () => [...all, "feedback"] as const,
  ratings: () => [...all, "ratings"] as const,
  lowRatings: () => [...all, "low-ratings"] as const,
  pipelines: () => [...all, "pipeline"] as const,
  pipeline: (filter: string) => [...all, "pipeline", filter] as const,
  bulkOrders: () => [...all, "bulk-order"] as const,
  bulkOrder: (ticketId: string) => [...all, "bulk-order", ticketId] as const,
  figures: () => [...all, "figures"] as const,
};

/**
 * A ticket filed or changed refreshes the inbox, an open ticket, and the lists that link to
 * conversations; feedback and ratings refresh their own panels.
 */
export const RELATIONS_LIVE_KEYS = {
  [SUPPORT_TOPIC]: [
    relationsKeys.inboxes(),
    relationsKeys.tickets(),
    relationsKeys.feedback(),
    relationsKeys.lowRatings(),
  ],
  [FEEDBACK_TOPIC]: [relationsKeys.feedback()],
  [RATING_TOPIC]: [relationsKeys.ratings(), relationsKeys.lowRatings()],
  [BULK_TOPIC]: [relationsKeys.pipelines(), relationsKeys.bulkOrders()],
  // The figures count a bit of everything: any change of this dashboard's refreshes them.
  "*": [relationsKeys.figures()],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

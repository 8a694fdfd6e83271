// Every Customer Relations query's key, in one place, so the live stream can refresh them by topic.
import { type InboxQuery, SUPPORT_TOPIC } from "../../../../shared/contracts/support-inbox.ts";

const all = ["staff", "customer-relations"] as const;

export const relationsKeys = {
  all,
  inboxes: () => [...all, "inbox"] as const,
  inbox: (query: InboxQuery) => [...all, "inbox", query] as const,
  tickets: () => [...all, "ticket"] as const,
  ticket: (reference: string) => [...all, "ticket", reference] as const,
};

/** A ticket filed or changed refreshes the inbox and an open ticket. */
export const RELATIONS_LIVE_KEYS = {
  [SUPPORT_TOPIC]: [relationsKeys.inboxes(), relationsKeys.tickets()],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

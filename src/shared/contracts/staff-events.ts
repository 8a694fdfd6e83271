import { z } from "zod";
import { STAFF_ROLES } from "../rules/staff.ts";
import { liveTopicSchema } from "./live-topics.ts";
import { ticketPresenceSchema } from "./ticket-presence.ts";

/** The dashboards' live stream (server-sent events), guarded like the staff API. */
export const STAFF_EVENTS_PATH = "/api/staff/events";

/**
 * One change the dashboards show: `topic` says what changed (the dashboards refetch what depends
 * on it), `dashboards` whose screens care, `id` which record when there is one.
 */
export const staffEventSchema = z.object({
  topic: liveTopicSchema,
  dashboards: z.array(z.enum(STAFF_ROLES)),
  id: z.string().max(200).optional(),
  /** Who is on the record `id` and doing what (ticket-presence.ts); sent as a "presence" event. */
  presence: ticketPresenceSchema.optional(),
});
export type StaffEventMessage = z.infer<typeof staffEventSchema>;

/** How many streams one member may hold open at once (tabs, windows), per store instance. */
export const MAX_STREAMS_PER_MEMBER = 5;

export const LIVE_MESSAGES = {
  live: "Live",
  reconnecting: "Reconnecting…",
  liveHint: "Figures update by themselves as changes happen.",
  reconnectingHint: "The live connection dropped; figures will refresh once it is back.",
  tooManyStreams: `You have too many dashboard windows open. Please close some (at most ${MAX_STREAMS_PER_MEMBER}).`,
  sessionEnded: "Your session has ended. Please sign in again.",
} as const;

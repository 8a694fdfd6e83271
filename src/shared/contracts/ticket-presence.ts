// Who else has a ticket open at the desk, and whether they are writing a reply: a heartbeat from
// each open ticket sheet, passed to the other desks on the staff event stream (decision 54). It
// is kept nowhere: a desk that stops beating is gone after PRESENCE_EXPIRES_SECONDS.
import { z } from "zod";

export const PRESENCE_ACTIVITIES = ["viewing", "replying", "left"] as const;
export type PresenceActivity = (typeof PRESENCE_ACTIVITIES)[number];

/** An open ticket sheet says it is there this often, and at once when what it does changes. */
export const PRESENCE_BEAT_SECONDS = 10;
/** Past this without a beat, a desk has gone (its tab closed, its network dropped). */
export const PRESENCE_EXPIRES_SECONDS = 25;
/** "Is replying" lasts this long after the last key pressed in the reply box. */
export const PRESENCE_TYPING_SECONDS = 8;

/** One window's id: several windows of one member are several desks. */
const tab = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "The window id must be 8-64 letters, digits, - or _");

/** What a ticket sheet sends. */
export const presenceBeatSchema = z
  .object({
    tab,
    activity: z.enum(PRESENCE_ACTIVITIES, {
      message: "Activity must be viewing, replying or left",
    }),
  })
  .strict();
export type PresenceBeat = z.infer<typeof presenceBeatSchema>;

/** What the other desks receive: the beat with the member the server signed it for. */
export const ticketPresenceSchema = presenceBeatSchema.extend({
  member: z.string().max(100),
  name: z.string().max(200),
});
export type TicketPresence = z.infer<typeof ticketPresenceSchema>;

/** The server-sent event's name: presence is not a change, so no screen refetches for it. */
export const PRESENCE_EVENT = "presence";

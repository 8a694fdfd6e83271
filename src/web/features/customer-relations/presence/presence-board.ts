// The other desks on one ticket, as their heartbeats tell it: kept in the window only, each
// desk forgotten when it says it left or after PRESENCE_EXPIRES_SECONDS without a beat.
import {
  PRESENCE_EXPIRES_SECONDS,
  type TicketPresence,
} from "../../../../shared/contracts/ticket-presence.ts";

export type Desk = {
  tab: string;
  member: string;
  name: string;
  activity: "viewing" | "replying";
  /** When its last beat was heard (ms since 1970, this window's clock). */
  heardAt: number;
};

/** Desks by window id. */
export type PresenceBoard = ReadonlyMap<string, Desk>;

export const emptyBoard: PresenceBoard = new Map();

/** The board after a beat. */
export function heard(board: PresenceBoard, beat: TicketPresence, now: number): PresenceBoard {
  const next = new Map(board);
  if (beat.activity === "left") next.delete(beat.tab);
  else next.set(beat.tab, { ...beat, activity: beat.activity, heardAt: now });
  return next;
}

/**
 * The desks still there, one line each: a member's several windows count once, replying if any
 * of them is; replying desks first, then by name.
 */
export function presentDesks(board: PresenceBoard, now: number): Desk[] {
  const byMember = new Map<string, Desk>();
  for (const desk of board.values()) {
    if (now - desk.heardAt > PRESENCE_EXPIRES_SECONDS * 1000) continue;
    const known = byMember.get(desk.member);
    if (!known || (known.activity === "viewing" && desk.activity === "replying")) {
      byMember.set(desk.member, desk);
    }
  }
  return [...byMember.values()].sort(
    (a, b) =>
      Number(b.activity === "replying") - Number(a.activity === "replying") ||
      a.name.localeCompare(b.name),
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import {
  PRESENCE_BEAT_SECONDS,
  PRESENCE_TYPING_SECONDS,
  type PresenceActivity,
} from "../../../../shared/contracts/ticket-presence.ts";
import { useStaffPresence } from "../../staff/api/staff-events.ts";
import { beatPresence } from "../api/presence.ts";
import {
  type Desk,
  emptyBoard,
  heard,
  type PresenceBoard,
  presentDesks,
} from "./presence-board.ts";

/** This window, for as long as the page lives: each window is a desk of its own. */
const THIS_WINDOW = `window-${crypto.randomUUID()}`;
/** A newcomer is answered this soon, so it sees who is there without waiting for a beat. */
const ANSWER_AFTER_MS = 300;

/**
 * Who else is on the ticket, and this window's own beats: one when the sheet opens, every
 * PRESENCE_BEAT_SECONDS, and one when the desk starts or stops writing (not one per key: "is
 * replying" lasts PRESENCE_TYPING_SECONDS after the last key), and "left" when it closes.
 */
export function useTicketPresence(reference: string): {
  desks: Desk[];
  /** Each change to the reply's text. */
  typing(draft: string): void;
} {
  const [board, setBoard] = useState<PresenceBoard>(emptyBoard);
  const [now, setNow] = useState(() => Date.now());
  const known = useRef<PresenceBoard>(emptyBoard);
  const activity = useRef<Exclude<PresenceActivity, "left">>("viewing");
  const typingEnds = useRef<ReturnType<typeof setTimeout>>(undefined);
  const answer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const beat = useCallback(
    (next: PresenceActivity) =>
      // Presence is a courtesy: a beat that does not get through is made up by the next.
      void beatPresence(reference, { tab: THIS_WINDOW, activity: next }).catch(() => {}),
    [reference],
  );

  useEffect(() => {
    activity.current = "viewing";
    beat("viewing");
    const beats = setInterval(() => beat(activity.current), PRESENCE_BEAT_SECONDS * 1000);
    // Desks that stop beating go from the line by themselves.
    const clock = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(beats);
      clearInterval(clock);
      clearTimeout(typingEnds.current);
      clearTimeout(answer.current);
      beat("left");
      known.current = emptyBoard;
      setBoard(emptyBoard);
    };
  }, [beat]);

  useStaffPresence((event) => {
    const presence = event.presence;
    if (event.id !== reference || !presence || presence.tab === THIS_WINDOW) return;
    if (presence.activity !== "left" && !known.current.has(presence.tab)) {
      clearTimeout(answer.current);
      answer.current = setTimeout(() => beat(activity.current), ANSWER_AFTER_MS);
    }
    known.current = heard(known.current, presence, Date.now());
    setBoard(known.current);
    setNow(Date.now());
  });

  const typing = useCallback(
    (draft: string) => {
      clearTimeout(typingEnds.current);
      const stop = () => {
        if (activity.current === "viewing") return;
        activity.current = "viewing";
        beat("viewing");
      };
      if (draft.trim() === "") return stop();
      if (activity.current !== "replying") {
        activity.current = "replying";
        beat("replying");
      }
      typingEnds.current = setTimeout(stop, PRESENCE_TYPING_SECONDS * 1000);
    },
    [beat],
  );

  return { desks: presentDesks(board, now), typing };
}

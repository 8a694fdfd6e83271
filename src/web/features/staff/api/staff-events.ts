import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { LIVE_TOPICS, type LiveTopic } from "../../../../shared/contracts/live-topics.ts";
import {
  STAFF_EVENTS_PATH,
  type StaffEventMessage,
} from "../../../../shared/contracts/staff-events.ts";
import { PRESENCE_EVENT } from "../../../../shared/contracts/ticket-presence.ts";

export type LiveState = "connecting" | "live" | "reconnecting";
/** What a screen shows, by event topic; `"*"` refetches on any event for the member's dashboard. */
export type TopicQueryKeys = Partial<Record<LiveTopic | "*", readonly QueryKey[]>>;

type Handler = (event: StaffEventMessage | "reconnected") => void;
type PresenceHandler = (event: StaffEventMessage) => void;

/**
 * One EventSource per page, shared by every screen that watches (the server caps streams per
 * member). It opens with the first watcher and closes with the last. EventSource reconnects by
 * itself; after it does, watchers refetch everything, since events may have been missed.
 */
const stream = (() => {
  const handlers = new Set<Handler>();
  const presenceHandlers = new Set<PresenceHandler>();
  const stateWatchers = new Set<() => void>();
  let source: EventSource | undefined;
  let state: LiveState = "connecting";
  let droppedOnce = false;

  const setState = (next: LiveState) => {
    if (state === next) return;
    state = next;
    for (const watcher of stateWatchers) watcher();
  };
  const tell = (event: StaffEventMessage | "reconnected") => {
    for (const handler of handlers) handler(event);
  };

  function open() {
    source = new EventSource(STAFF_EVENTS_PATH, { withCredentials: true });
    source.onopen = () => {
      setState("live");
      if (droppedOnce) tell("reconnected");
    };
    source.onerror = () => {
      droppedOnce = true;
      setState("reconnecting");
      // A refusal (signed out: 401/403, too many windows: 429) closes the source for good; try
      // again later, as a page that signs back in should go live without a reload.
      if (source?.readyState === EventSource.CLOSED) {
        source = undefined;
        setTimeout(() => {
          if (watched() && !source) open();
        }, 10_000);
      }
    };
    source.onmessage = (message) => {
      try {
        tell(JSON.parse(message.data) as StaffEventMessage);
      } catch {
        // Not an event this page understands; the next one will be.
      }
    };
    if (presenceHandlers.size > 0) hearPresence(source);
  }

  // Presence comes as a named event: not a change, so the refetching handlers never see it.
  // Listened for once a screen watches presence.
  const hearing = new WeakSet<EventSource>();
  function hearPresence(on: EventSource) {
    if (hearing.has(on)) return;
    hearing.add(on);
    on.addEventListener(PRESENCE_EVENT, (message) => {
      try {
        const event = JSON.parse((message as MessageEvent<string>).data) as StaffEventMessage;
        for (const handler of presenceHandlers) handler(event);
      } catch {
        // Not an event this page understands; the next one will be.
      }
    });
  }

  const watched = () => handlers.size + presenceHandlers.size > 0;
  const release = () => {
    if (watched() || !source) return;
    source.close();
    source = undefined;
    droppedOnce = false;
    setState("connecting");
  };

  return {
    watch(handler: Handler): () => void {
      handlers.add(handler);
      if (!source) open();
      return () => {
        handlers.delete(handler);
        release();
      };
    },
    watchPresence(handler: PresenceHandler): () => void {
      presenceHandlers.add(handler);
      if (!source) open();
      else hearPresence(source);
      return () => {
        presenceHandlers.delete(handler);
        release();
      };
    },
    onState(watcher: () => void): () => void {
      stateWatchers.add(watcher);
      return () => stateWatchers.delete(watcher);
    },
    state: () => state,
  };
})();

/** Keeps the given queries fresh: each event invalidates the keys listed for its topic. */
export function useStaffEvents(topics: TopicQueryKeys): void {
  const queryClient = useQueryClient();
  // The latest keys, without reopening anything when a screen passes a new object each render.
  const latest = useRef(topics);
  latest.current = topics;

  useEffect(
    () =>
      stream.watch((event) => {
        const watched = latest.current;
        const everything = event === "reconnected" || event.topic === LIVE_TOPICS.resync;
        const keys = everything
          ? Object.values(watched).flat()
          : [...(watched[event.topic] ?? []), ...(watched["*"] ?? [])];
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }),
    [queryClient],
  );
}

/** Every desk's presence the page hears (ticket-presence.ts), as it comes. */
export function useStaffPresence(handler: PresenceHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => stream.watchPresence((event) => latest.current(event)), []);
}

/** Whether the page is hearing live changes now. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(stream.onState, stream.state, () => "connecting");
}

// Moves held for a few seconds before they are sent, so a slip of the finger can be undone, and
// moves made while the network is down, kept until it is back. They live outside any component:
// closing the order's panel or paging the board neither sends nor loses a held or queued move.
import { useSyncExternalStore } from "react";
import { FORWARD_MOVES, type ForwardMove } from "../../../shared/rules/order-fulfilment.ts";
import { ORDER_NUMBER_PATTERN } from "../../../shared/rules/order-number.ts";

type Held = { to: ForwardMove; timer: ReturnType<typeof setTimeout> };

const held = new Map<string, Held>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

/** Holds `to` for an order for `seconds`, then runs `send`; a second hold of the order replaces none. */
export function holdMove(
  orderNumber: string,
  to: ForwardMove,
  seconds: number,
  send: () => Promise<unknown> | unknown,
): boolean {
  if (held.has(orderNumber)) return false;
  const timer = setTimeout(() => {
    held.delete(orderNumber);
    changed();
    void send();
  }, seconds * 1000);
  held.set(orderNumber, { to, timer });
  changed();
  return true;
}

/** Takes a held move back before it is sent; answers whether there was one. */
export function undoMove(orderNumber: string): boolean {
  const move = held.get(orderNumber);
  if (!move) return false;
  clearTimeout(move.timer);
  held.delete(orderNumber);
  changed();
  return true;
}

function useChanges() {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
    () => version,
  );
}

/** The move held for an order, if any; re-renders when it is sent or undone. */
export function useHeldMove(orderNumber: string): ForwardMove | undefined {
  useChanges();
  return held.get(orderNumber)?.to;
}

/**
 * A move made offline, with the Idempotency-Key it was (or would have been) first sent with:
 * sent again under the same key, the store makes it once even if the first try did arrive.
 */
export type QueuedMove = { orderNumber: string; to: ForwardMove; key: string };

/** Kept in the browser, so a reload or a closed tab does not lose a move made offline. */
export const QUEUE_STORAGE_KEY = "fhh.sales.offline-moves";

const isQueuedMove = (value: unknown): value is QueuedMove => {
  const move = value as Partial<QueuedMove> | null;
  return (
    typeof move?.orderNumber === "string" &&
    ORDER_NUMBER_PATTERN.test(move.orderNumber) &&
    FORWARD_MOVES.includes(move.to as ForwardMove) &&
    typeof move.key === "string" &&
    /^[A-Za-z0-9_-]{8,100}$/.test(move.key)
  );
};

/** The queue as stored; anything else found there (an older shape, a hand edit) is dropped. */
export function queuedMoves(): QueuedMove[] {
  try {
    const stored = JSON.parse(localStorage.getItem(QUEUE_STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(stored) ? stored.filter(isQueuedMove) : [];
  } catch {
    return [];
  }
}

function storeQueue(queue: QueuedMove[]) {
  try {
    if (queue.length > 0) localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(queue));
    else localStorage.removeItem(QUEUE_STORAGE_KEY);
  } catch {
    // Storage full or refused: the move is still held in this tab until it is sent.
  }
  memory = queue;
  changed();
}

// What this tab knows of the queue, read once; every change is written through to storage.
let memory: QueuedMove[] | undefined;
const current = () => {
  memory ??= queuedMoves();
  return memory;
};

/** Queues a move to send when the network is back; one per order (the first press counts). */
export function queueMove(move: QueuedMove): boolean {
  const queue = current();
  if (queue.some((queued) => queued.orderNumber === move.orderNumber)) return false;
  storeQueue([...queue, move]);
  return true;
}

/** The move waiting for the network for an order, if any. */
export function useQueuedMove(orderNumber: string): QueuedMove | undefined {
  useChanges();
  return current().find((move) => move.orderNumber === orderNumber);
}

/** How many moves wait for the network. */
export function useQueuedCount(): number {
  useChanges();
  return current().length;
}

/** What became of a queued move when sent: made (or made before), refused, or still unreachable. */
export type ReplayOutcome = "sent" | "refused" | "offline";

let replaying: Promise<void> | undefined;

/**
 * Sends the queued moves one after another, in the order they were made. A move leaves the queue
 * once the store has answered it (made or refused); when the store cannot be reached the rest
 * wait for the next time. One replay at a time: a second call joins the first.
 */
export function replayQueued(send: (move: QueuedMove) => Promise<ReplayOutcome>): Promise<void> {
  // Cleared after the run, never during it: a run with nothing to send must not outlive itself.
  replaying ??= sendInTurn(send).finally(() => {
    replaying = undefined;
  });
  return replaying;
}

async function sendInTurn(send: (move: QueuedMove) => Promise<ReplayOutcome>): Promise<void> {
  for (;;) {
    const next = current()[0];
    if (!next) return;
    const outcome = await send(next);
    if (outcome === "offline") return;
    storeQueue(current().filter((move) => move.key !== next.key));
  }
}

/** For tests: forget what this tab read, as a reload would. */
export function forgetQueueInMemory() {
  memory = undefined;
}

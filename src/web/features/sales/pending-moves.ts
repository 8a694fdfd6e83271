// Moves held for a few seconds before they are sent, so a slip of the finger can be undone. They
// live outside any component: closing the order's panel or paging the board neither sends nor
// loses a held move; it goes when its time is up.
import { useSyncExternalStore } from "react";
import type { ForwardMove } from "../../../shared/rules/order-fulfilment.ts";

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

/** The move held for an order, if any; re-renders when it is sent or undone. */
export function useHeldMove(orderNumber: string): ForwardMove | undefined {
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
    () => version,
  );
  return held.get(orderNumber)?.to;
}

import { useEffect, useRef, useState } from "react";
import type { BoardOrder } from "../../../shared/contracts/sales.ts";
import { SALES_TEXT } from "./texts.ts";

/** How long a new order stays highlighted on the board. */
export const FRESH_FOR_MS = 8_000;

type Cue = { numbers: ReadonlySet<string>; message: string };
const QUIET: Cue = { numbers: new Set(), message: "" };

/**
 * Orders that arrived since the board last showed these filters: placed after the newest one it
 * had. They are highlighted for a few seconds and named once in a polite live region, without a
 * sound. A new set of filters or page starts afresh, so changing a filter never counts as news.
 */
export function useFreshOrders(orders: BoardOrder[] | undefined, view: string): Cue {
  const seen = useRef<{ view: string; newest: number }>(undefined);
  const [cue, setCue] = useState<Cue>(QUIET);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!orders) return;
    const newest = Math.max(0, ...orders.map((order) => Date.parse(order.placedAt)));
    const before = seen.current;
    seen.current = { view, newest: Math.max(newest, before?.view === view ? before.newest : 0) };
    if (!before || before.view !== view) return;
    const fresh = orders.filter((order) => Date.parse(order.placedAt) > before.newest);
    if (fresh.length === 0) return;
    const numbers = fresh.map((order) => order.orderNumber);
    setCue({ numbers: new Set(numbers), message: SALES_TEXT.board.newOrders(numbers) });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCue(QUIET), FRESH_FOR_MS);
  }, [orders, view]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return cue;
}

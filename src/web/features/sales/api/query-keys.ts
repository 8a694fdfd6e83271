// Every sales-board query's key, in one place, so the live event stream can refresh them by topic.

import { LIVE_TOPICS } from "../../../../shared/contracts/live-topics.ts";
import type { BoardQuery } from "../../../../shared/contracts/sales.ts";

const all = ["staff", "sales"] as const;

export const salesKeys = {
  all,
  boards: () => [...all, "board"] as const,
  board: (query: BoardQuery) => [...all, "board", query] as const,
  orders: () => [...all, "order"] as const,
  order: (orderNumber: string) => [...all, "order", orderNumber] as const,
  pickList: () => [...all, "pick-list"] as const,
  pickListOf: (statuses: readonly string[]) => [...all, "pick-list", statuses] as const,
  refundRequests: () => [...all, "refund-requests"] as const,
  seller: () => [...all, "seller"] as const,
};

/**
 * What each staff event topic refreshes here: an order placed or moved changes the board, the
 * open order and the pick list. Only what is on screen refetches. The figures keep their own keys.
 */
export const SALES_LIVE_KEYS = {
  [LIVE_TOPICS.orders]: [salesKeys.boards(), salesKeys.orders(), salesKeys.pickList()],
  [LIVE_TOPICS.refundRequests]: [salesKeys.refundRequests()],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

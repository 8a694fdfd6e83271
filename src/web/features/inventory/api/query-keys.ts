// Every inventory query's key, in one place, so the live event stream can refresh them by topic.
import type { InventoryProductListQuery } from "../../../../shared/contracts/inventory.ts";
import { LIVE_TOPICS } from "../../../../shared/contracts/live-topics.ts";

const all = ["staff", "inventory"] as const;

export const inventoryKeys = {
  all,
  summary: () => [...all, "summary"] as const,
  eventOutlook: () => [...all, "event-outlook"] as const,
  productLists: () => [...all, "products"] as const,
  productList: (query: InventoryProductListQuery) => [...all, "products", query] as const,
  products: () => [...all, "product"] as const,
  product: (id: string) => [...all, "product", id] as const,
  ledgers: () => [...all, "ledger"] as const,
  ledger: (id: string) => [...all, "ledger", id] as const,
  lots: (id: string) => [...all, "lots", id] as const,
  expiredLots: () => [...all, "expired-lots"] as const,
};

/**
 * What each staff event topic refreshes on this dashboard. An edit, a movement and a sale can
 * each change the figures, the table, an open ledger and the lots (a lot checked or written off
 * is a "stock" event), so every topic refreshes all of them;
 * TanStack Query only refetches the ones on screen.
 */
export const INVENTORY_LIVE_KEYS = {
  [LIVE_TOPICS.products]: [inventoryKeys.all],
  [LIVE_TOPICS.stock]: [inventoryKeys.all],
  [LIVE_TOPICS.orders]: [inventoryKeys.all],
  [LIVE_TOPICS.bulkOrder]: [inventoryKeys.eventOutlook()],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

export const INVENTORY_API = "/api/staff/inventory";

// Notices of orders that took a large share of a product's stock, for the Sales and Inventory
// dashboards (shared/rules/large-order-share.ts says what counts as large).
import { z } from "zod";

/** The dashboards that are told; each reads the notices under its own API. */
export const LARGE_ORDER_DASHBOARDS = ["inventory", "sales"] as const;
export type LargeOrderDashboard = (typeof LARGE_ORDER_DASHBOARDS)[number];

export const largeOrdersPath = (dashboard: LargeOrderDashboard) =>
  `/api/staff/${dashboard}/large-orders`;

export const largeOrderNoticeSchema = z.object({
  orderNumber: z.string(),
  productId: z.string(),
  productName: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  /** Units on hand just before the order took its own. */
  stockBefore: z.number().int(),
  /** When the order was placed (ISO instant). */
  at: z.string(),
});
export type LargeOrderNotice = z.infer<typeof largeOrderNoticeSchema>;

export const largeOrderNoticesSchema = z.object({ notices: z.array(largeOrderNoticeSchema) });
export type LargeOrderNotices = z.infer<typeof largeOrderNoticesSchema>;

import { formatQuantity, pricedPer } from "./measure.ts";

/**
 * An order that takes more than this share of a product's units on hand (before the order) is
 * told to the Sales and Inventory dashboards as it is placed: the stock may need topping up, and
 * the order may be someone emptying the shelves.
 */
export const LARGE_SHARE_PERCENT = 25;

/**
 * Fewer units (or kilos) than this are not news, whatever their share: 2 of the last 5 bunches of
 * mint.
 */
export const LARGE_SHARE_MIN_UNITS = 5;

/** How long a notice stays on the dashboards, and how many are shown at most. */
export const LARGE_ORDER_NOTICE_HOURS = 24;
export const LARGE_ORDER_NOTICES_SHOWN = 20;

/**
 * Whether taking `quantity` of `stockBefore` (grams or units) is a large share, in whole numbers
 * as SQL does it.
 */
export const isLargeShare = (quantity: number, stockBefore: number, unit: string) =>
  quantity >= LARGE_SHARE_MIN_UNITS * pricedPer(unit) &&
  quantity * 100 > stockBefore * LARGE_SHARE_PERCENT;

/**
 * The share in percent to one decimal, rounded up, so a share just over the threshold never
 * reads as the threshold itself: 31 of 120 is 25.9%, 501 of 2,000 is 25.1%.
 */
export const sharePercent = (quantity: number, stockBefore: number) =>
  stockBefore > 0 ? Math.ceil((quantity * 1000) / stockBefore) / 10 : 100;

export type LargeOrderFacts = {
  orderNumber: string;
  productName: string;
  unit: string;
  quantity: number;
  stockBefore: number;
};

/** The notice as the dashboards show it. */
export const largeOrderNoticeText = (notice: LargeOrderFacts) =>
  `Order ${notice.orderNumber} took ${notice.productName} × ${formatQuantity(notice.quantity, notice.unit)}: ${sharePercent(notice.quantity, notice.stockBefore)}% of the ${formatQuantity(notice.stockBefore, notice.unit)} on hand.`;

export const LARGE_ORDER_TEXT = {
  heading: "Large orders",
  intro: `Orders that took more than ${LARGE_SHARE_PERCENT}% of a product's stock in the last ${LARGE_ORDER_NOTICE_HOURS} hours.`,
  /** The sales manager's next step: the order. */
  openOrder: "Open order",
  openOrderFor: (orderNumber: string) => `Open order ${orderNumber}`,
  /** The inventory manager's: the product's stock. */
  openStock: "Stock",
  openStockFor: (productName: string) => `Check stock: ${productName}`,
} as const;

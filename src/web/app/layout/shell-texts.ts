/**
 * Words of the frame that pages say too ("Shop" over the shop's title, its "Categories"), and
 * words pages of two areas say (the bulk orders' link on the support and bulk pages, their
 * heading on the support and terms pages): kept in the frame's catalogue, which every page loads,
 * so each is translated once.
 */
export const SHELL_TEXTS = {
  shop: /*i18n*/ "Shop",
  categories: /*i18n*/ "Categories",
  requestBulkOrder: /*i18n*/ "Request Bulk Order",
  bulkOrders: /*i18n*/ "Bulk orders",
  /** The way to the cart from a toast (the shop's Add, an order's Buy again). */
  viewCart: /*i18n*/ "View Cart",
  /** The way to the shop from the hero and from an empty list of orders. */
  shopNow: /*i18n*/ "Shop Now",
} as const;

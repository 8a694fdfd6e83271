/**
 * Words of the frame that pages say too ("Shop" over the shop's title, its "Categories"): kept in
 * the frame's catalogue, which every page loads, so each is translated once.
 */
export const SHELL_TEXTS = {
  shop: /*i18n*/ "Shop",
  categories: /*i18n*/ "Categories",
} as const;

// Buy again's and Your usual's addresses, apart from their schemas: the shop page asks for its
// usual products without loading zod (the schemas stay on the server and in tests).

export const buyAgainPath = (orderNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/buy-again`;

export const USUAL_PRODUCTS_PATH = "/api/account/usual-products";
/** How many products the shop's "Your usual" row shows at most. */
export const USUAL_PRODUCTS_SHOWN = 8;

/**
 * Where the checkout page asks for its browser's order-access key (an HTTP-only cookie) before
 * it places an order: the order is filed under a key the browser already holds, so a retry after
 * a lost answer comes from the same browser and reaches the order it placed.
 */
export const ORDER_ACCESS_KEY_PATH = "/api/orders/access-key";

// One cash order's statements, captured live from the store under test: for each of CARTS carts
// (two plentiful products each, at their smallest purchase, no product in two carts), two cash
// orders one after the other, each by a new shopper, recorded by the server child
// (bench/support/statement-capture.ts). Two orders of one cart differ only in who placed them,
// which tells the values made new for every replayed order from the cart's own; several carts
// spread the replay's orders over the products as the buyers' random carts spread theirs (one
// cart for every order would have all its clients queue for the same two products' rows).
import type { Buyers } from "../checkout/drivers/http-shoppers.ts";
import type { Catalogue, Items } from "../checkout/load-model.ts";
import type { ChildServer } from "../support/child.ts";
import { quantityOf } from "../support/shelves.ts";
import type { CapturedRequest } from "../support/statement-capture.ts";

export const CARTS = 10;
const ORDERS_PER_CART = 2;

/** The k-th cart: the plentiful products 2k and 2k + 1, their minimum each. */
function cart(catalogue: Catalogue, k: number): Items {
  return catalogue.plentiful.slice(2 * k, 2 * k + 2).map((productId) => ({
    productId,
    quantity: quantityOf(catalogue.products.get(productId)!, 1),
  }));
}

export async function captureCashOrders(
  server: ChildServer,
  buyers: Buyers,
  catalogue: Catalogue,
): Promise<CapturedRequest[][]> {
  const carts: CapturedRequest[][] = [];
  const count = Math.min(CARTS, Math.floor(catalogue.plentiful.length / 2));
  for (let k = 0; k < count; k++) {
    await server.ask("capture:start", "capture:started");
    let failure: unknown;
    try {
      await buyers.cashOrdersOneByOne(ORDERS_PER_CART, cart(catalogue, k));
    } catch (error) {
      failure = error;
    }
    const reply = await server.ask("capture:stop", "capture:stopped");
    if (failure) throw failure;
    carts.push((reply as { requests: CapturedRequest[] }).requests);
  }
  return carts;
}

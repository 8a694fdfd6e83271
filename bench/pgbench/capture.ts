// One cash order's statements, captured live from the store under test: a few cash orders, one
// after another, each by a new shopper with the same cart (two plentiful products at their
// smallest purchase), recorded by the server child (bench/support/statement-capture.ts).
import type { Buyers } from "../checkout/drivers/http-shoppers.ts";
import type { Catalogue, Items } from "../checkout/load-model.ts";
import type { ChildServer } from "../support/child.ts";
import { quantityOf } from "../support/shelves.ts";
import type { CapturedRequest } from "../support/statement-capture.ts";

/** Orders captured: enough to tell the values that change per order from those that do not. */
export const CAPTURED_ORDERS = 4;

/** The cart every captured order holds: the first two plentiful products, their minimum each. */
export function captureCart(catalogue: Catalogue): Items {
  return catalogue.plentiful.slice(0, 2).map((productId) => ({
    productId,
    quantity: quantityOf(catalogue.products.get(productId)!, 1),
  }));
}

export async function captureCashOrders(
  server: ChildServer,
  buyers: Buyers,
  catalogue: Catalogue,
): Promise<CapturedRequest[]> {
  await server.ask("capture:start", "capture:started");
  let failure: unknown;
  try {
    await buyers.cashOrdersOneByOne(CAPTURED_ORDERS, captureCart(catalogue));
  } catch (error) {
    failure = error;
  }
  const reply = await server.ask("capture:stop", "capture:stopped");
  if (failure) throw failure;
  return (reply as { requests: CapturedRequest[] }).requests;
}

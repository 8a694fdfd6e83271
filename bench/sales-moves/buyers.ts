// The shoppers of bench:sales-moves: each order from a shopper of its own (own address, own
// email), cash or UPI paid in the provider's checkout, 1-3 seeded products.
import { randomUUID } from "node:crypto";
import { seedProducts } from "../../src/server/db/seed/catalogue-data.ts";
import { TEST_PROVIDER_API } from "../../src/shared/contracts/test-provider.ts";
import { APPROVING_TEST_UPI, testUpiAttempt } from "../../src/shared/rules/test-payments.ts";
import { quantityOf } from "../support/shelves.ts";
import { shopperDelivery } from "../support/shopper-delivery.ts";
import type { Store } from "./manager.ts";

const PRODUCTS = ["tomatoes", "onions", "potatoes", "spinach", "bananas", "mangoes", "carrots"];
/** How a seeded product is sold (its unit and steps), for orders of whole steps. */
const seeded = (id: string) => seedProducts.find((product) => product.id === id)!;

let shoppers = 0;
/** One network per shopper, so no per-network limit turns the load away. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

type Answer = { status: number; body: Record<string, unknown>; cookie?: string };

async function post(server: Store, path: string, body: unknown, headers = {}) {
  const response = await fetch(`${server.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.storeOrigin, ...headers },
    body: JSON.stringify(body),
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("fhh_browser="))
    ?.split(";")[0];
  const answer: Answer = {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  };
  return cookie ? { ...answer, cookie } : answer;
}

/**
 * One shopper's checkout: place the order and, for UPI (one in three), pay in the test
 * provider's checkout and report its answer, as the browser does. `orderNumber` is given once
 * the order is placed and paid, ready for the manager to move; `status` is 201 for an order
 * placed (paid or to be), otherwise the status of the step it was `refusedAt`.
 */
export async function placeOrder(
  server: Store,
): Promise<{ status: number; orderNumber?: string; refusedAt?: string }> {
  const n = ++shoppers;
  const items = PRODUCTS.filter((_, index) => (n + index) % 3 === 0)
    .slice(0, 3)
    .map((productId) => ({ productId, quantity: quantityOf(seeded(productId), 1 + (n % 2)) }));
  const online = n % 3 === 0;
  const address = { "x-forwarded-for": addressOf(n) };
  const placed = await post(
    server,
    "/api/orders",
    {
      contact: {
        firstName: "Bench",
        lastName: "Buyer",
        email: `buyer.${n}.${randomUUID().slice(0, 8)}@example.in`,
        phone: `9${String(100_000_000 + (n % 899_999_999)).padStart(9, "0")}`,
      },
      delivery: shopperDelivery(n),
      notes: "",
      payment: { method: online ? "upi" : "cash" },
      items:
        items.length > 0
          ? items
          : [{ productId: "tomatoes", quantity: quantityOf(seeded("tomatoes"), 1) }],
    },
    { ...address, "idempotency-key": randomUUID() },
  );
  const orderNumber = String(placed.body.orderNumber);
  if (placed.status !== 201) return { status: placed.status, refusedAt: "place" };
  if (!online) return { status: placed.status, orderNumber };

  const checkout = placed.body.checkout as { providerOrderId?: string } | undefined;
  const paid = await post(
    server,
    `${TEST_PROVIDER_API}/orders/${checkout?.providerOrderId}/payments`,
    testUpiAttempt(APPROVING_TEST_UPI),
    address,
  );
  if (paid.status !== 200) return { status: paid.status, refusedAt: "provider" };
  const reported = await post(server, `/api/orders/${orderNumber}/payment`, paid.body, {
    ...address,
    ...(placed.cookie ? { cookie: placed.cookie } : {}),
  });
  if (reported.status === 200 && reported.body.paymentStatus === "paid") {
    return { status: 201, orderNumber };
  }
  // 202: the provider has not yet said it took the money; the webhook will, later.
  return reported.status === 202
    ? { status: 201 }
    : { status: reported.status, refusedAt: "payment report" };
}

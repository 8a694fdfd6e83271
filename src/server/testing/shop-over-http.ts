// Shoppers reaching a listening store (or a proxy in front of it) over real sockets, each order
// from a client address of its own.
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import type { PlaceOrderInput } from "../../shared/contracts/checkout.ts";
import { freshEmail, freshMobile, TEST_ORIGIN } from "./customers.ts";

let clients = 0;
/**
 * A loopback address of its own per call (127.x.y.z; Linux answers on all of 127/8): through a
 * proxy that forwards the client's address, each order then comes from a shopper of its own and
 * the store's per-address limits stay out of a load's way, as they would for real shoppers.
 */
export function freshLoopbackAddress(): string {
  const n = ++clients;
  return `127.${1 + (Math.floor(n / 62_500) % 250)}.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}

/** What came back: the status and JSON body, or the error of a request that got no answer. */
export type HttpAnswer =
  | { status: number; body: unknown; error?: undefined }
  | { status: undefined; body?: undefined; error: string };

/** A cash order from a new shopper, as the storefront sends it. */
export function shopOrderInput(items: PlaceOrderInput["items"]): PlaceOrderInput {
  return {
    contact: { firstName: "Asha", lastName: "Das", email: freshEmail(), phone: freshMobile() },
    delivery: { address: "12 Janpath", city: "Bhubaneswar", state: "Odisha", pincode: "751007" },
    notes: "",
    payment: { method: "cash" },
    items,
  };
}

/**
 * POSTs a checkout once, on a connection of its own from `from` (default 127.0.0.1), with a new
 * Idempotency-Key unless given. Never retries: whatever the store or proxy answered is what the
 * caller sees.
 */
export function postOrderOverHttp(
  baseUrl: string,
  items: PlaceOrderInput["items"],
  {
    from,
    idempotencyKey = `order-${randomUUID()}`,
    timeoutMs = 30_000,
  }: { from?: string; idempotencyKey?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const payload = JSON.stringify(shopOrderInput(items));
  return new Promise((resolve) => {
    const outgoing = request(
      `${baseUrl}/api/orders`,
      {
        method: "POST",
        agent: false,
        localAddress: from,
        timeout: timeoutMs,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          origin: TEST_ORIGIN,
          "idempotency-key": idempotencyKey,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON (a proxy's own error page): kept as text.
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on("error", (error) => resolve({ status: undefined, error: error.message }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    outgoing.on("error", (error) => resolve({ status: undefined, error: error.message }));
    outgoing.end(payload);
  });
}

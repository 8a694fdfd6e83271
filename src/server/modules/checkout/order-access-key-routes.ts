import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { ORDER_ACCESS_KEY_PATH } from "../../../shared/contracts/order-access.ts";
import { ensureBrowserKeyHash } from "../../http/browser-key.ts";
import type { App } from "../../http/types.ts";

/**
 * The checkout page asks for its browser's order-access key as it opens. The order is then filed
 * under a key the browser already holds, so an answer lost on its way back (the store crashed
 * after the order committed, the connection dropped) takes no cookie with it, and the retry with
 * the same Idempotency-Key comes from the placer the key belongs to and reaches its order.
 */
export function orderAccessKeyRoutes(app: App, deps: { secureCookies: boolean }) {
  app.post(
    ORDER_ACCESS_KEY_PATH,
    {
      config: { private: true, customer: "anyone" },
      // No rate limit: nothing is read or written but a random cookie (a limit would write a count).
      schema: {
        tags: ["orders"],
        summary: "Give this browser its order-access key (an HTTP-only cookie) before it orders",
        description:
          "A browser that already has one keeps it. Orders placed from the browser are filed under it, so a retried checkout (same Idempotency-Key) is known to come from the same browser.",
        response: { 204: z.null(), 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      ensureBrowserKeyHash(request, reply, deps.secureCookies);
      return reply.code(204).send(null);
    },
  );
}

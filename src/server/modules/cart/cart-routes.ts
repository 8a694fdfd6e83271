import { cartInputSchema, storedCartSchema } from "../../../shared/contracts/cart.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { signedInCustomerOf } from "../auth/index.ts";
import { mergeCart, readCart, replaceCart } from "./cart-store.ts";

const writeErrors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
const KEPT_NOTE =
  "Products the catalogue does not have are left out rather than refused; the answer is the cart as kept.";
// The browser sends a cart change after a pause, a few a minute per shopper; the limit counts per
// address, and an office or a mobile carrier puts many shoppers behind one.
const writeLimit = { rateLimit: { max: 300, timeWindow: 60 * 1000 } };

export function cartRoutes(app: App, deps: { db: Database }) {
  const { db } = deps;

  app.get(
    "/api/cart",
    {
      config: { customer: { signedIn: "cart" }, private: true },
      schema: {
        tags: ["cart"],
        summary: "The signed-in customer's cart: product ids and quantities",
        response: { 200: storedCartSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { items: await readCart(db, customerId) };
    },
  );

  app.put(
    "/api/cart",
    {
      config: { ...writeLimit, customer: { signedIn: "cart" }, private: true },
      schema: {
        tags: ["cart"],
        summary: "Replace the signed-in customer's cart with the browser's",
        description: KEPT_NOTE,
        body: cartInputSchema,
        response: { 200: storedCartSchema, ...writeErrors },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { items: await replaceCart(db, customerId, request.body.items) };
    },
  );

  app.post(
    "/api/cart/merge",
    {
      config: { ...writeLimit, customer: { signedIn: "cart" }, private: true },
      schema: {
        tags: ["cart"],
        summary: "At sign-in: add the browser's cart to the customer's and answer the merged cart",
        description: `The same product's quantities add up, capped at the most one order takes. ${KEPT_NOTE}`,
        body: cartInputSchema,
        response: { 200: storedCartSchema, ...writeErrors },
      },
    },
    async (request) => {
      const customerId = signedInCustomerOf(request);
      return { items: await mergeCart(db, customerId, request.body.items) };
    },
  );
}

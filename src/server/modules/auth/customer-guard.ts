import type { FastifyRequest } from "fastify";
import { ACCOUNT_MESSAGES } from "../../../shared/contracts/account.ts";
import { SAVED_ADDRESS_MESSAGES } from "../../../shared/contracts/saved-addresses.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { CustomerOf } from "./current-customer.ts";

/** What a guest is told by each route that needs a signed-in customer, in one place. */
export const SIGN_IN_FIRST = {
  account: ACCOUNT_MESSAGES.signInFirst,
  addresses: SAVED_ADDRESS_MESSAGES.signIn,
  cart: "Please log in to keep your cart in your account.",
  orders: "Please log in to see your orders.",
  usualProducts: "Please log in to see your usual products.",
  messages: "Please sign in to see your messages.",
} as const;

/**
 * Who may call a customer route: anyone (a guest or a signed-in customer; the handler may look
 * at who), or only a signed-in customer, with what a guest is told. A guest is turned away once
 * the body has been checked (a malformed one is answered as such), or with `beforeBody` before
 * it is read at all.
 */
export type CustomerAccess = "anyone" | { signedIn: keyof typeof SIGN_IN_FIRST; beforeBody?: true };

declare module "fastify" {
  interface FastifyContextConfig {
    customer?: CustomerAccess;
  }
}

const customers = new WeakMap<FastifyRequest, string>();

/** The customer the guard let through; only for routes that declare `{ signedIn }`. */
export function signedInCustomerOf(request: FastifyRequest): string {
  const customerId = customers.get(request);
  if (!customerId) {
    throw new Error("signedInCustomerOf called on a route that does not need a signed-in customer");
  }
  return customerId;
}

/**
 * A route declaring `config.customer: { signedIn }` turns a guest away with a 401 as its first
 * preHandler hook (or onRequest hook, with `beforeBody`), before any handler or query.
 * Register before any customer route.
 */
export function registerCustomerGuard(app: App, deps: { customerOf: CustomerOf }): void {
  app.addHook("onRoute", (route) => {
    const access = route.config?.customer;
    if (access === undefined || access === "anyone") return;
    const message = SIGN_IN_FIRST[access.signedIn];
    const guard = async (request: FastifyRequest) => {
      const customerId = await deps.customerOf(request);
      if (!customerId) throw new AppError("UNAUTHORIZED", message);
      customers.set(request, customerId);
    };
    if (access.beforeBody) {
      const existing = route.onRequest;
      route.onRequest = [guard, ...(existing ? [existing].flat() : [])];
    } else {
      const existing = route.preHandler;
      route.preHandler = [guard, ...(existing ? [existing].flat() : [])];
    }
  });
}

import type { FastifyRequest, onRequestHookHandler } from "fastify";
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
 * at who), or only a signed-in customer, with what a guest is told.
 */
export type CustomerAccess = "anyone" | { signedIn: keyof typeof SIGN_IN_FIRST };

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
 * onRequest hook: before the body is read, and before any handler or query.
 * Register before any customer route.
 */
export function registerCustomerGuard(app: App, deps: { customerOf: CustomerOf }): void {
  app.addHook("onRoute", (route) => {
    const access = route.config?.customer;
    if (access === undefined || access === "anyone") return;
    const message = SIGN_IN_FIRST[access.signedIn];
    const guard: onRequestHookHandler = async (request) => {
      const customerId = await deps.customerOf(request);
      if (!customerId) throw new AppError("UNAUTHORIZED", message);
      customers.set(request, customerId);
    };
    const existing = route.onRequest;
    route.onRequest = [guard, ...(existing ? [existing].flat() : [])];
  });
}

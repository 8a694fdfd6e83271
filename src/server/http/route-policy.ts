import type { onRequestHookHandler } from "fastify";
import type { App } from "./types.ts";

/**
 * Who may call a route that is neither staff's (`config.staff`) nor a customer's
 * (`config.customer`): anyone, because something other than a session decides (a webhook's
 * signature, the backup token, demo mode) or because nothing is asked.
 */
export type PublicAccess = true;

declare module "fastify" {
  interface FastifyContextConfig {
    public?: PublicAccess;
    /**
     * The answer is this caller's own (an order, a cart, an account): no shared cache and no
     * browser cache may keep it.
     */
    private?: boolean;
  }
}

const API_PREFIX = "/api";
/** Marks a plugin context whose routes another part adds, under a check of the context's own. */
const PUBLIC_CONTEXT = "routesDeclaredPublic";
/** The one spelling of an answer nobody may keep. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}

// An app-wide hook runs before every route's own hooks (the guards and rate limits among them),
// whichever plugin registered them first: their refusals are marked private too.
const markPrivate: onRequestHookHandler = (request, reply, done) => {
  if (request.routeOptions.config?.private) reply.header("cache-control", PRIVATE_CACHE_CONTROL);
  done();
};

/**
 * Deny by default: every route under /api/ declares who may call it (`config.staff`,
 * `config.customer` or `config.public`), or the app refuses to start, naming the route. A route
 * whose answer is the caller's own declares `config.private` and every answer it gives, refusals
 * included, says so before the route's own hooks or its handler run.
 * Register before any route.
 */
export function registerRoutePolicy(app: App): void {
  app.addHook("onRequest", markPrivate);
  app.addHook("onRoute", function declaredAccess(route) {
    const config = route.config;
    if (!isApiPath(route.url)) return;
    const declared = [config?.staff, config?.customer, config?.public].filter(
      (access) => access !== undefined,
    );
    if (declared.length === 0 && this.hasDecorator(PUBLIC_CONTEXT)) return;
    if (declared.length === 0) {
      throw new Error(
        `${route.method} ${route.url} declares no access policy (config.staff, config.customer or config.public)`,
      );
    }
    if (declared.length > 1) {
      throw new Error(`${route.method} ${route.url} declares more than one access policy`);
    }
  });
}

/**
 * Declares every route a plugin context adds public, for a third-party plugin whose routes
 * cannot carry a config (the API docs' viewer); the context's own hook decides who gets in.
 */
export function declareContextPublic(context: App): void {
  context.decorate(PUBLIC_CONTEXT, true);
}

import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import { PAGE_SCRIPTS_SOURCE } from "./page-scripts.ts";
import { servesHttps } from "./store-origins.ts";

/**
 * A payment provider's checkout runs in the store's pages: its script, the frames it opens and
 * the calls they make. Allowed only when that provider is configured; each provider names its own.
 */
export type ProviderSources = {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
};

const NO_PROVIDER: ProviderSources = { script: [], frame: [], connect: [], img: [] };

/**
 * Scripts only from our own origin and the payment provider's; of inline scripts, only the one
 * that starts a drawn page's scripts (by its hash). Inline style attributes stay allowed because
 * the toast library positions itself at run time; styles cannot run code. A page in Odia or Hindi
 * carries its own cut of its script's face as a `data:` address (page-faces.ts). Only the store's
 * own pages may frame it (the test provider's checkout is one).
 */
const helmetOptions = (https: boolean, provider: ProviderSources): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...provider.script, PAGE_SCRIPTS_SOURCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...provider.img],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...provider.connect],
      frameSrc: ["'self'", ...provider.frame],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  crossOriginEmbedderPolicy: false,
  // Browsers that saw this would refuse a plain-http store, so only an https one sends it.
  strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
});

/**
 * The headers helmet would set, worked out once: they are the same for every response, and
 * rebuilding them per request was a fifth of the product list's cost.
 */
export function computeSecurityHeaders(
  publicUrl: string,
  provider: ProviderSources = NO_PROVIDER,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  helmet(helmetOptions(servesHttps(publicUrl), provider))(
    {} as IncomingMessage,
    response,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** Every answer carries `headers` (from `computeSecurityHeaders`). */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

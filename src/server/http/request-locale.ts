import type { FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, type Locale, preferredLocale } from "../../shared/i18n/locales.ts";

/**
 * The language a request was made in: the storefront sends its page's (api-client.ts); any other
 * caller is answered and remembered in English unless its `Accept-Language` ranks Odia or Hindi
 * above English.
 */
export const requestLocale = (request: FastifyRequest): Locale =>
  preferredLocale(request.headers["accept-language"]) ?? DEFAULT_LOCALE;

/** The same, read from the Fetch API headers Better Auth's endpoints are handed. */
export const headersLocale = (headers: Headers | undefined): Locale =>
  preferredLocale(headers?.get("accept-language") ?? undefined) ?? DEFAULT_LOCALE;

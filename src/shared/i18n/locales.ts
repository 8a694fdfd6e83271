// The store's languages and how an address carries one (decision 56): English unprefixed, the
// others under their code ("/or/shop", "/hi/shop").

export const LOCALES = ["en", "or", "hi"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/**
 * Each language named in itself (what the switch shows), in English (what the staff's English
 * dashboards call it), and its `lang` for India.
 */
export const LOCALE_INFO: Record<Locale, { name: string; english: string; htmlLang: string }> = {
  en: { name: "English", english: "English", htmlLang: "en-IN" },
  or: { name: "ଓଡ଼ିଆ", english: "Odia", htmlLang: "or-IN" },
  hi: { name: "हिन्दी", english: "Hindi", htmlLang: "hi-IN" },
};

/** A shopper's language as the staff read it: "Odia (ଓଡ଼ିଆ)", or "English". */
export const staffLanguageName = (locale: Locale): string =>
  locale === DEFAULT_LOCALE
    ? LOCALE_INFO[locale].english
    : `${LOCALE_INFO[locale].english} (${LOCALE_INFO[locale].name})`;

/**
 * Pages that are English whatever the language (the staff's dashboards, the demo mailbox): they
 * take no prefix. The test provider's checkout is drawn in the language of the page that opened
 * it ("/or/test-checkout/..."), as the shopper's payment window.
 */
const ENGLISH_ONLY = ["/admin", "/dev"];

export const isEnglishOnly = (path: string) =>
  ENGLISH_ONLY.some((start) => path === start || path.startsWith(`${start}/`));

/** Remembers the language a browser chose last (set by the page, read by the server). */
export const LANGUAGE_COOKIE = "lang";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The prefix an address in `locale` starts with: "" for English, "/or" for Odia. */
export const localeBase = (locale: Locale): string =>
  locale === DEFAULT_LOCALE ? "" : `/${locale}`;

/**
 * An address's language and the address without its prefix: "/or/shop" is Odia's "/shop", "/hi"
 * Hindi's "/". An unprefixed address is English.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first = "", ...rest] = pathname.split("/");
  if (first !== DEFAULT_LOCALE && isLocale(first)) {
    return { locale: first, path: `/${rest.join("/")}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * `href` (an app path: "/shop?category=fruits", "/") written under `base` ("/or"). The home page
 * is the base itself, "/or" rather than "/or/": one spelling per page. Anything else (another
 * site, a relative address) is left as it is.
 */
export function withBase(base: string, href: string): string {
  if (!base || !href.startsWith("/") || href.startsWith("//")) return href;
  if (href === "/") return base;
  return href.startsWith("/?") || href.startsWith("/#")
    ? `${base}${href.slice(1)}`
    : `${base}${href}`;
}

/** `path` ("/shop?category=fruits", "/") as it is written in `locale`'s addresses. */
export const pathIn = (locale: Locale, path: string): string => withBase(localeBase(locale), path);

/**
 * A page address's language, its path without the language's prefix, and that path with the
 * address's query: "/or/shop?category=fruits" is Odia's "/shop" and "/shop?category=fruits".
 */
export function pageLanguage(url: string): { locale: Locale; path: string; appUrl: string } {
  const queryAt = url.search(/[?#]/);
  const { locale, path } = splitLocale(queryAt === -1 ? url : url.slice(0, queryAt));
  return { locale, path, appUrl: queryAt === -1 ? path : path + url.slice(queryAt) };
}

/**
 * The store's language an `Accept-Language` header prefers, if it ranks Odia or Hindi above
 * English; undefined when English comes first or neither is asked for, so English stays the
 * default for everyone else.
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  let best: { locale: Locale; q: number } | undefined;
  for (const [at, part] of acceptLanguage.split(",").slice(0, 20).entries()) {
    const [tag = "", ...parameters] = part.trim().split(";");
    const language = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(language)) continue;
    const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = quality ? Number(quality.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    // Equal weights: the one written first wins.
    const score = q - at * 1e-6;
    if (!best || score > best.q) best = { locale: language, q: score };
  }
  return best && best.locale !== DEFAULT_LOCALE ? best.locale : undefined;
}

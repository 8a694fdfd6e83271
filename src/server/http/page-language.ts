import type { LanguageFontHeads } from "../../shared/i18n/fonts.ts";
import {
  DEFAULT_LOCALE,
  isEnglishOnly,
  isLocale,
  LOCALE_INFO,
  LOCALES,
  type Locale,
  pathIn,
  preferredLocale,
  splitLocale,
} from "../../shared/i18n/locales.ts";

/** A page address's language, and its path and query without the language's prefix. */
export function pageLanguage(url: string): { locale: Locale; appUrl: string } {
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const { locale, path } = splitLocale(pathname);
  return { locale, appUrl: queryAt === -1 ? path : path + url.slice(queryAt) };
}

/**
 * Where a page request belongs, if not where it asked (decision 56): an English-only page asked
 * for under a prefix goes to its own address; an unprefixed page goes to the language the
 * browser chose last (its cookie) or, never having chosen, the one its `Accept-Language` ranks
 * above English.
 */
export function languageRedirect(
  url: string,
  chosen: string | undefined,
  acceptLanguage: string | undefined,
): string | undefined {
  const { locale, appUrl } = pageLanguage(url);
  const path = appUrl.split("?")[0]!;
  if (isEnglishOnly(path)) return locale === DEFAULT_LOCALE ? undefined : appUrl;
  if (locale !== DEFAULT_LOCALE) return undefined;
  const wanted = isLocale(chosen) ? chosen : preferredLocale(acceptLanguage);
  return wanted && wanted !== DEFAULT_LOCALE ? pathIn(wanted, appUrl) : undefined;
}

/** Whether the page at `url` would have gone elsewhere for another browser's language. */
export function followsBrowserLanguage(url: string): boolean {
  const { locale, appUrl } = pageLanguage(url);
  return locale === DEFAULT_LOCALE && !isEnglishOnly(appUrl.split("?")[0]!);
}

/**
 * The fonts a page in `url`'s language needs: its script's, and, where the language switch is
 * drawn (every storefront page), the faces of the languages' names.
 */
export function languageFaces(url: string, fonts: LanguageFontHeads): string {
  const { locale, appUrl } = pageLanguage(url);
  if (isEnglishOnly(appUrl.split("?")[0]!)) return "";
  return (fonts.pages[locale] ?? "") + fonts.names;
}

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The head links of a page in every language: its canonical address (this language's) and the
 * alternates search engines show each reader, English for everyone else.
 */
export function languageLinks(publicUrl: string, url: string, status: number): string {
  const { locale, appUrl } = pageLanguage(url);
  // An address with no page is none to point search engines at.
  if (status !== 200 || isEnglishOnly(appUrl.split("?")[0]!)) return "";
  const at = (one: Locale) => escapeAttribute(`${publicUrl}${pathIn(one, appUrl)}`);
  return [
    `<link rel="canonical" href="${at(locale)}"/>`,
    ...LOCALES.map(
      (one) => `<link rel="alternate" hreflang="${LOCALE_INFO[one].htmlLang}" href="${at(one)}"/>`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${at(DEFAULT_LOCALE)}"/>`,
  ].join("");
}

import {
  DEFAULT_LOCALE,
  isEnglishOnly,
  isLocale,
  LOCALE_INFO,
  LOCALES,
  type Locale,
  pageLanguage,
  pathIn,
  preferredLocale,
} from "../../shared/i18n/locales.ts";
import { escapeHtml } from "../../shared/rules/safe-text.ts";

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
  const { locale, path, appUrl } = pageLanguage(url);
  if (isEnglishOnly(path)) return locale === DEFAULT_LOCALE ? undefined : appUrl;
  if (locale !== DEFAULT_LOCALE) return undefined;
  const wanted = isLocale(chosen) ? chosen : preferredLocale(acceptLanguage);
  return wanted && wanted !== DEFAULT_LOCALE ? pathIn(wanted, appUrl) : undefined;
}

/** Whether the page at `url` would have gone elsewhere for another browser's language. */
export function followsBrowserLanguage(url: string): boolean {
  const { locale, path } = pageLanguage(url);
  return locale === DEFAULT_LOCALE && !isEnglishOnly(path);
}

/**
 * Whether a page at `url` is drawn in its language's own font: every storefront page but the
 * English-only ones (the staff's), which also carry no language switch.
 */
export function hasLanguageSwitch(url: string): boolean {
  return !isEnglishOnly(pageLanguage(url).path);
}

/**
 * The head links of a page in every language: its canonical address (this language's) and the
 * alternates search engines show each reader, English for everyone else.
 */
export function languageLinks(publicUrl: string, url: string, status: number): string {
  const { locale, path, appUrl } = pageLanguage(url);
  // An address with no page is none to point search engines at.
  if (status !== 200 || isEnglishOnly(path)) return "";
  const at = (one: Locale) => escapeHtml(`${publicUrl}${pathIn(one, appUrl)}`);
  return [
    `<link rel="canonical" href="${at(locale)}"/>`,
    ...LOCALES.map(
      (one) => `<link rel="alternate" hreflang="${LOCALE_INFO[one].htmlLang}" href="${at(one)}"/>`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${at(DEFAULT_LOCALE)}"/>`,
  ].join("");
}

import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { Locale } from "../../../shared/i18n/locales.ts";

/**
 * The storefront's translator for one page's language. The key is the English text, so a text
 * a catalogue lacks (English carries only the texts with values) is shown as it is written.
 */
export function createShopI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: { [locale]: {} }, missing: (_locale, id) => id });
}

/** The catalogues' areas (lingui.config.ts): a page loads its areas' texts, in its language only. */
export type CatalogueArea =
  | "shell"
  | "home"
  | "catalogue"
  | "cart"
  | "forms"
  | "checkout"
  | "orders"
  | "account"
  | "support"
  | "bulk"
  | "pages";

const CATALOGUES = import.meta.glob<{ messages: Messages }>(
  "../../../shared/i18n/catalogues/*/*.ts",
);

/** The module a catalogue is built from, as the build's manifest names it (for preloading). */
export const catalogueModule = (locale: Locale, area: CatalogueArea) =>
  `../shared/i18n/catalogues/${locale}/${area}.ts`;

let browserTranslator: I18n | undefined;

/**
 * The browser's translator, once the page starts: a page whose code loads later (a navigation)
 * brings its texts into it with the code (`loadPageCatalogues`).
 */
export function translateInBrowser(i18n: I18n): void {
  browserTranslator = i18n;
}

/** A page's texts, into the browser's translator; on the server each render loads its own. */
export const loadPageCatalogues = (areas: readonly CatalogueArea[]): Promise<void> =>
  browserTranslator && areas.length > 0
    ? loadCatalogues(browserTranslator, areas)
    : Promise.resolve();

/**
 * The areas each translator holds. Loading an area again would change nothing but tell every
 * component the language changed: the page being left would draw again under the navigation.
 */
const loadedAreas = new WeakMap<I18n, Set<CatalogueArea>>();

/** Adds `areas`' texts in the translator's language. */
export async function loadCatalogues(i18n: I18n, areas: readonly CatalogueArea[]): Promise<void> {
  const locale = i18n.locale as Locale;
  const held = loadedAreas.get(i18n) ?? new Set<CatalogueArea>();
  loadedAreas.set(i18n, held);
  const missing = areas.filter((area) => !held.has(area));
  if (missing.length === 0) return;
  const loaded = await Promise.all(
    missing.map((area) => {
      const load = CATALOGUES[`../../../shared/i18n/catalogues/${locale}/${area}.ts`];
      if (!load) throw new Error(`There is no ${locale} catalogue for ${area}`);
      return load();
    }),
  );
  for (const area of missing) held.add(area);
  // One change for the page's areas together, not one per area.
  i18n.load(locale, Object.assign({}, ...loaded.map(({ messages }) => messages)));
}

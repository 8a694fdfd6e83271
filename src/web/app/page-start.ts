import { PAGE_TEXTS_ELEMENT } from "../../shared/contracts/page-render.ts";
import { localeBase, splitLocale } from "../../shared/i18n/locales.ts";
import { translateInBrowser } from "../lib/i18n/browser-translator.ts";
import { createShopI18n, loadTexts, textsAt } from "../lib/i18n/shop-i18n.ts";

/** Where the server said the page's texts are; none from the dev server or a page it failed. */
function textsAddresses(): Record<string, string | null> {
  try {
    return JSON.parse(document.getElementById(PAGE_TEXTS_ELEMENT)?.textContent ?? "{}");
  } catch {
    return {};
  }
}

import { createRouter, pageTextsOf } from "./router.tsx";

/**
 * What the browser needs before it hydrates the page the server drew: the page's language with
 * its texts, and the router with the page's code. Without the texts the page would hydrate to
 * other words than the server's; texts that fail to load leaves English, which React then
 * draws over the server's page.
 */
export async function startPage() {
  const { locale, path } = splitLocale(window.location.pathname);
  const i18n = createShopI18n(locale);
  translateInBrowser(i18n);
  textsAt(textsAddresses());
  const [router] = await Promise.all([
    createRouter(localeBase(locale)),
    loadTexts(i18n, pageTextsOf(path)).catch(() => undefined),
  ]);
  return { i18n, router };
}

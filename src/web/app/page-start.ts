import { localeBase, splitLocale } from "../../shared/i18n/locales.ts";
import { createShopI18n, loadTexts, translateInBrowser } from "../lib/i18n/shop-i18n.ts";
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
  const [router] = await Promise.all([
    createRouter(localeBase(locale)),
    loadTexts(i18n, pageTextsOf(path)).catch(() => undefined),
  ]);
  return { i18n, router };
}

// The storefront's render on the server (decision 36): the web build compiles this file for
// Node, and the server calls `renderPage` for every page a browser asks for.
import { renderToString } from "react-dom/server";
import type { RenderPage } from "../shared/contracts/page-render.ts";
import { type Locale, localeBase, pageLanguage } from "../shared/i18n/locales.ts";
import { escapeHtml } from "../shared/rules/safe-text.ts";
import { RouteError } from "./app/layout/route-error.tsx";
import { pageDataScript } from "./app/page-data.ts";
import { Providers } from "./app/providers.tsx";
import { type PageHandle, pageTextsOf, routes } from "./app/router.tsx";
import { addressSearches, loadSearchMatch } from "./features/catalogue/search-match.ts";
import { pageTextsModule, textsNameOf } from "./lib/i18n/page-texts-names.ts";
import { createShopI18n, loadTexts } from "./lib/i18n/shop-i18n.ts";
import { StaticRouterProvider, staticRouterState } from "./lib/router/index.ts";
import { PageTitleCollector, pageTitle } from "./lib/use-page-title.ts";
import { seededQueryClient } from "./ssr/seeded-query-client.ts";

/** React writes the preloads it was asked for ahead of the page's own markup. */
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*\/>)+/;

/** The page's modules, with those it loads at once for a browser with a cart or a search. */
function routeModules(
  handle: PageHandle | undefined,
  cartEmpty: boolean,
  searching: boolean,
): string[] {
  if (!handle) return [];
  return [
    handle.module,
    ...(handle.withCart && !cartEmpty ? [handle.withCart] : []),
    ...(handle.withSearch && searching ? [handle.withSearch] : []),
  ];
}

/**
 * The texts the page is drawn with, and, for a browser with a cart, those of the part it loads
 * then (the checkout form's): the server preloads them all.
 */
function textsModules(
  locale: Locale,
  texts: string[],
  handle: PageHandle | undefined,
  cartEmpty: boolean,
): Record<string, string> {
  const later = handle?.withCart && !cartEmpty ? [textsNameOf(handle.withCart)] : [];
  return Object.fromEntries(
    [...texts, ...later].map((name) => [name, pageTextsModule(locale, name)]),
  );
}

export const renderPage: RenderPage = async ({ url, catalogue, site, cartEmpty }) => {
  // "/or/shop?category=fruits" is Odia's "/shop?category=fruits".
  const { locale, path, appUrl } = pageLanguage(url);
  const i18n = createShopI18n(locale);
  const texts = pageTextsOf(path);
  const [state] = await Promise.all([
    staticRouterState(routes, appUrl, localeBase(locale)),
    loadTexts(i18n, texts),
  ]);
  const handle = state.match?.route.handle as PageHandle | undefined;
  const searching = addressSearches(new URL(appUrl, "http://page").searchParams);
  // Drawn with its results, never a placeholder: the search rule is here before the page is.
  if (handle?.withSearch && searching) await loadSearchMatch();
  const queries = seededQueryClient(catalogue, site);
  const head: { title?: string } = {};

  const html = renderToString(
    <PageTitleCollector value={head}>
      <Providers
        i18n={i18n}
        queryClient={queries.client}
        followAccount={false}
        cartEmpty={cartEmpty}
      >
        <StaticRouterProvider state={state} errorPage={RouteError} />
      </Providers>
    </PageTitleCollector>,
  );

  const pageData = queries.pageData();
  const headPreloads = LEADING_PRELOADS.exec(html)?.[0] ?? "";
  return {
    status: handle?.status ?? 200,
    title: escapeHtml(head.title ?? pageTitle(null)),
    html: html.slice(headPreloads.length),
    headPreloads,
    dataScript: pageDataScript(pageData),
    showsCatalogue: queries.showsCatalogue(),
    // The page's texts come with its code, in its language only.
    routeModules: routeModules(handle, cartEmpty, searching),
    textsModules: textsModules(locale, texts, handle, cartEmpty),
  };
};

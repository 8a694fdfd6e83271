// The storefront's render on the server (decision 36): the web build compiles this file for
// Node, and the server calls `renderPage` for every page a browser asks for.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { RenderPage } from "../shared/contracts/page-render.ts";
import { pageDataScript } from "./app/page-data.ts";
import { Providers } from "./app/providers.tsx";
import { type PageHandle, routes } from "./app/router.tsx";
import { PageTitleCollector, pageTitle } from "./lib/use-page-title.ts";
import { seededQueryClient } from "./ssr/seeded-query-client.ts";

/** Made once: it keeps each page's code once loaded. */
const handler = createStaticHandler(routes);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const renderPage: RenderPage = async ({ url, catalogue }) => {
  // The origin is never shown; only the path and query reach the routes.
  const context = await handler.query(new Request(new URL(url, "http://storefront.invalid")));
  // No route has a loader, so nothing redirects; a Response here is a bug in the routes.
  if (context instanceof Response) throw new Error(`${url} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queries = seededQueryClient(catalogue);
  const head: { title?: string } = {};

  const html = renderToString(
    <PageTitleCollector value={head}>
      <Providers queryClient={queries.client} followAccount={false}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </PageTitleCollector>,
  );

  const handles = context.matches.map((match) => match.route.handle as PageHandle | undefined);
  const pageData = queries.pageData();
  return {
    status:
      context.statusCode !== 200
        ? context.statusCode
        : (handles.findLast((handle) => handle?.status)?.status ?? 200),
    title: escapeHtml(head.title ?? pageTitle(null)),
    html,
    dataScript: pageDataScript(pageData),
    showsCatalogue: pageData.queries.length > 0,
    routeModules: handles.flatMap((handle) => (handle ? [handle.module] : [])),
  };
};

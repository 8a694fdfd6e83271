import { createContext, useContext, useEffect } from "react";
import { STORE } from "../../shared/store-info.ts";

/** The tab title of a page; null gives the home page's full title. */
export const pageTitle = (title: string | null) =>
  title
    ? `${title} | ${STORE.name}`
    : `${STORE.name} | Organic produce delivered in ${STORE.deliveryPromise}`;

/** On the server, where effects never run, the page's title is written here for the HTML. */
export const PageTitleCollector = createContext<{ title?: string } | null>(null);

/** Sets the tab title; null gives the home page's full title. */
export function usePageTitle(title: string | null) {
  const collector = useContext(PageTitleCollector);
  if (collector) collector.title = pageTitle(title);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

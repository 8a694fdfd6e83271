import { useEffect } from "react";
import { STORE } from "../../shared/store-info.ts";

/** Sets the tab title; null gives the home page's full title. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title
      ? `${title} | ${STORE.name}`
      : `${STORE.name} | Organic produce delivered in ${STORE.deliveryPromise}`;
  }, [title]);
}

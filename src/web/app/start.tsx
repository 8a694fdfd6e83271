import { startTransition } from "react";
import type { createRoot, hydrateRoot } from "react-dom/client";
import { CART_EMPTY_MARK } from "../../shared/contracts/page-render.ts";
import { App } from "./app.tsx";
import { readPageData } from "./page-data.ts";
import { createRouter } from "./router.tsx";

/** What the entry hands over once React DOM has been evaluated, in a task of its own. */
type ReactDom = { createRoot: typeof createRoot; hydrateRoot: typeof hydrateRoot };

/** Draws the store into its root element, or takes over the page the server drew there. */
export async function startApp(container: HTMLElement, reactDom: ReactDom) {
  const router = await createRouter();
  const hydrating = container.hasChildNodes();
  const app = (
    <App
      router={router}
      pageData={readPageData()}
      hydrating={hydrating}
      cartEmpty={container.hasAttribute(CART_EMPTY_MARK)}
      // Browser tests wait for this mark: the page's buttons work from now on.
      onLive={() => {
        container.dataset.live = "";
      }}
    />
  );
  // The server sends each page drawn; the dev server (and a page the server failed to draw)
  // sends an empty root for the browser to draw. Either way as a transition: React then works
  // in slices of a few milliseconds, and a tap during hydration is not held up behind it.
  startTransition(() => {
    if (hydrating) reactDom.hydrateRoot(container, app);
    else reactDom.createRoot(container).render(app);
  });
}

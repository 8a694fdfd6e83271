import "./lib/zod-without-eval.ts";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { CART_EMPTY_MARK } from "../shared/contracts/page-render.ts";
import { App } from "./app/app.tsx";
import { readPageData } from "./app/page-data.ts";
import { startPage } from "./app/page-start.ts";
import "./styles.css";

const container = document.getElementById("root")!;

/** Marks the page as live: its buttons work from now on (browser tests wait for it). */
const markLive = () => {
  container.dataset.live = "";
};

void startPage().then(({ i18n, router }) => {
  const app = (
    <App
      i18n={i18n}
      router={router}
      pageData={readPageData()}
      cartEmpty={container.hasAttribute(CART_EMPTY_MARK)}
      onLive={markLive}
    />
  );
  // The server sends each page drawn; the dev server (and a page the server failed to draw)
  // sends an empty root for the browser to draw. Either way as a transition: React then works
  // in slices of a few milliseconds, and a tap during hydration is not held up behind it.
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
});

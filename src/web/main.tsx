import { StrictMode, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { createRouter } from "./app/router.tsx";
import "./styles.css";

const container = document.getElementById("root")!;

/** Says the prerendered page has been replaced by the live app (tests wait for it). */
function TakenOver() {
  useEffect(() => {
    delete container.dataset.prerendered;
  }, []);
  return null;
}

void createRouter().then((router) => {
  // The prerendered page is already on screen: render over it in slices that leave the main
  // thread free for the visitor's first taps.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
        <TakenOver />
      </StrictMode>,
    );
  });
});

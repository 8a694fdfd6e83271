import { type ComponentProps, lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import { sayInBrowser } from "../lib/i18n/browser-translator.ts";

// The toast library is not needed to draw a page, only after a visitor acts: it loads, and its
// Toaster mounts, with the first toast, so no page's first load carries it.
type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => {
  sonner ??= import("sonner");
  return sonner;
};

let markMounted!: () => void;
/** A toast sent before the Toaster listens would be lost: every call waits for it. */
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

const LazyToaster = lazy(async () => ({ default: (await loadSonner()).Toaster }));

/** Its effect runs once the boundary around it has committed, so after the Toaster's own. */
function ListeningToaster(props: ComponentProps<typeof LazyToaster>) {
  useEffect(() => markMounted(), []);
  return <LazyToaster {...props} />;
}

/** Whether any toast has been asked for yet; the Toaster mounts from then on. */
let wanted = false;
const wantListeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
};
function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of wantListeners) listener();
}

export function Toasts() {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the sticky header (4 rem), so a toast never covers its cart, account or Logout
          buttons: sonner holds a toast while the pointer is over it, so one covering a button
          the shopper reaches for would stay. */}
      <ListeningToaster
        position="top-right"
        closeButton
        offset={{ top: "5rem" }}
        mobileOffset={{ top: "4.5rem" }}
      />
    </Suspense>
  );
}

function show(use: (toast: Sonner["toast"]) => void): void {
  want();
  void Promise.all([loadSonner(), toasterMounted]).then(([{ toast }]) => use(toast));
}

/** Sonner's toast, for the calls the store makes; each appears once the Toaster is ready. */
/**
 * A toast's words in the page's language: a caller may pass the English of a text the page has
 * (a form's problem, a failed call's message) or words it already translated.
 */
const said = (message: string, options?: ExternalToast): [string, ExternalToast | undefined] => [
  sayInBrowser(message),
  typeof options?.description === "string"
    ? { ...options, description: sayInBrowser(options.description) }
    : options,
];

export const toast = {
  success: (message: string, options?: ExternalToast) =>
    show((t) => t.success(...said(message, options))),
  error: (message: string, options?: ExternalToast) =>
    show((t) => t.error(...said(message, options))),
  info: (message: string, options?: ExternalToast) => show((t) => t.info(message, options)),
  dismiss: () => show((t) => t.dismiss()),
};

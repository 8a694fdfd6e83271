import { Clock, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { STORE } from "../../../../shared/store-info.ts";
import { BrandMark } from "../../../components/brand-mark.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useSiteSettings } from "../../site/api/site-settings.ts";

export const WELCOME_SEEN_KEY = "welcomeSeen";
const FADE_MS = 300;

function alreadySeen(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_SEEN_KEY) === "true";
  } catch {
    return false;
  }
}

/**
 * Greets a browser once; closing it in any way remembers that it has been seen. A native modal
 * dialog gives focus trapping, Escape and an inert page behind it without a library.
 */
export function WelcomeModal() {
  // The server cannot know whether this browser has seen it: the dialog opens after hydration.
  const hydrated = useHydrated();
  const [open, setOpen] = useState(() => !alreadySeen());
  const [fading, setFading] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const settings = useSiteSettings();
  const { i18n } = useLingui();

  useEffect(() => {
    if (!hydrated || !open || settings.isPending) return;
    // In a task of its own: a modal dialog makes the page behind it inert, which restyles all
    // of it (about 25 ms on a slowed phone), and added to the render that brought the settings
    // that made one long task.
    const timer = window.setTimeout(() => {
      if (!dialog.current || dialog.current.open) return;
      dialog.current.showModal();
      startButton.current?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [open, hydrated, settings.isPending]);

  useEffect(() => {
    if (!fading) return;
    const timer = window.setTimeout(() => {
      dialog.current?.close();
      setOpen(false);
    }, FADE_MS);
    return () => window.clearTimeout(timer);
  }, [fading]);

  const close = () => {
    try {
      window.localStorage.setItem(WELCOME_SEEN_KEY, "true");
    } catch {
      // Without storage the greeting may return next visit; nothing else depends on it.
    }
    setFading(true);
  };

  // Waiting for the settings keeps the dialog from growing (the demo notice) once it is shown.
  if (!open || !hydrated || settings.isPending) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="welcome-title"
      aria-describedby="welcome-description"
      data-testid="welcome-modal"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-cream-50 p-8 text-center shadow-2xl",
        "backdrop:bg-ink-900/60 transition-opacity duration-300 backdrop:transition-opacity backdrop:duration-300",
        fading ? "opacity-0 backdrop:opacity-0" : "opacity-100",
      )}
    >
      <button
        type="button"
        onClick={close}
        className="absolute right-4 top-4 rounded-full p-1.5 text-ink-500 hover:bg-brand-50"
        aria-label={i18n._(COMMON_TEXTS.close)}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
      <BrandMark className="mx-auto h-16 w-16" />
      <h2 id="welcome-title" className="mt-4 font-display text-2xl font-bold text-ink-900">
        {i18n._("Welcome to {store}!", { store: STORE.name })}
      </h2>
      <p id="welcome-description" className="mt-3 text-ink-700">
        <Trans
          id={
            /*i18n*/ "Fresh, organic produce from local farms, delivered to your door in <0>{promise}</0>."
          }
          values={{ promise: i18n._(STORE.deliveryPromise) }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p className="mt-4 flex items-center justify-center gap-2 text-sm text-brand-700">
        <Clock aria-hidden="true" className="h-4 w-4" /> {i18n._("Order now, eat fresh today.")}
      </p>
      {settings.data?.demoMode && (
        <p
          className="mt-4 rounded-xl bg-saffron-400/20 p-3 text-sm text-ink-700"
          data-testid="demo-notice"
        >
          {i18n._(
            "This is a demo project: no real orders are delivered and no real payments are taken.",
          )}
        </p>
      )}
      <Button ref={startButton} size="lg" className="mt-6 w-full" onClick={close}>
        {i18n._("Start Exploring")}
      </Button>
    </dialog>
  );
}

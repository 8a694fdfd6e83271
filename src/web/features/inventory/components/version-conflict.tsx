import { RefreshCw } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";

/** A save refused because someone else saved first: 409 with the server's message. */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * Brings a refusal to where the person is looking when it appears or changes: a long dialog on a
 * phone otherwise draws it far above the button they pressed. The refusal takes focus too, so a
 * screen reader reads it and Tab goes on from it to the way forward.
 */
function useShownWhereLooking<T extends HTMLElement>(message: string) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: brought into view again for a new message
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Not every environment draws (a test DOM has no scrollIntoView).
    element.scrollIntoView?.({ block: "nearest" });
    element.focus({ preventScroll: true });
  }, [message]);
  return ref;
}

/** The refusal, said plainly, with the one way forward: load the latest and make the change again. */
export function VersionConflict({ message, onReload }: { message: string; onReload(): void }) {
  const ref = useShownWhereLooking<HTMLDivElement>(message);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="flex scroll-my-4 flex-col gap-3 rounded-2xl border border-saffron-500/50 bg-saffron-400/15 p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm font-semibold text-ink-900">{message}</p>
      <Button variant="outline" size="sm" onClick={onReload} className="shrink-0">
        <RefreshCw aria-hidden="true" className="h-4 w-4" /> Reload
      </Button>
    </div>
  );
}

/** A refusal that is not a conflict, shown where the manager is looking. */
export function FormError({ message }: { message: string }) {
  const ref = useShownWhereLooking<HTMLParagraphElement>(message);
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="scroll-my-4 rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 outline-none focus-visible:ring-2 focus-visible:ring-red-600/40"
    >
      {message}
    </p>
  );
}

import { RefreshCw } from "lucide-react";
import { type ReactNode, useContext } from "react";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { LinguiContext } from "../../lib/i18n/react-binding.tsx";
import { Button } from "./button.tsx";
import { Spinner } from "./spinner.tsx";

/** What a section shows when its data could not be loaded: the reason and a way to retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // The staff's parts are drawn (and tested) in English without a translator.
  const i18n = useContext(LinguiContext)?.i18n;
  const say = (text: string) => (i18n ? i18n._(text) : text);
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-semibold text-red-800">
        {say(/*i18n*/ "We could not load this section.")}
      </p>
      <p className="mt-1 text-sm text-red-700">{errorMessage(error)}</p>
      <Button variant="danger" size="sm" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" /> {say(/*i18n*/ "Try again")}
      </Button>
    </div>
  );
}

/**
 * A page that shows one record (an order, a request) while it is not ready: a spinner while it
 * loads, `notFound` when the server says it does not exist for this visitor, and the reason with
 * a retry for anything else. Answers null once the record is there.
 */
export function RecordNotReady({
  isPending,
  error,
  onRetry,
  loadingLabel,
  notFound,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  loadingLabel: string;
  notFound: ReactNode;
}) {
  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (!error) return null;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      {missing ? notFound : <LoadError error={error} onRetry={onRetry} />}
    </div>
  );
}

import { RefreshCw } from "lucide-react";
import { errorMessage } from "../../lib/api-client.ts";
import { Button } from "./button.tsx";

/** What a section shows when its data could not be loaded: the reason and a way to retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-semibold text-red-800">We could not load this section.</p>
      <p className="mt-1 text-sm text-red-700">{errorMessage(error)}</p>
      <Button variant="danger" size="sm" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
      </Button>
    </div>
  );
}

import { RefreshCw } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";

/** A save refused because someone else saved first: 409 with the server's message. */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/** The refusal, said plainly, with the one way forward: load the latest and make the change again. */
export function VersionConflict({ message, onReload }: { message: string; onReload(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-saffron-500/50 bg-saffron-400/15 p-4 sm:flex-row sm:items-center sm:justify-between"
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
  return (
    <p
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      {message}
    </p>
  );
}

import type { ReactNode } from "react";

/** A refusal from the server, shown where the manager is looking, in its own words. */
export function RefusalNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-2xl border border-saffron-500/50 bg-saffron-400/15 p-3 text-sm font-semibold text-ink-900"
    >
      {children}
    </p>
  );
}

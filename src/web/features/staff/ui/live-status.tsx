import { LIVE_MESSAGES } from "../../../../shared/contracts/staff-events.ts";
import { cn } from "../../../lib/cn.ts";
import { useLiveState } from "../api/staff-events.ts";

/** A small badge: "Live" while changes arrive by themselves, "Reconnecting…" while they cannot. */
export function LiveStatus({ className }: { className?: string }) {
  const state = useLiveState();
  const live = state === "live";
  return (
    <span
      role="status"
      title={live ? LIVE_MESSAGES.liveHint : LIVE_MESSAGES.reconnectingHint}
      data-live-state={state}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        live ? "bg-brand-100 text-brand-800" : "bg-saffron-400/25 text-saffron-600",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "h-2 w-2 rounded-full",
          live ? "animate-pulse bg-brand-600" : "bg-saffron-500",
        )}
      />
      {live ? LIVE_MESSAGES.live : LIVE_MESSAGES.reconnecting}
    </span>
  );
}

import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import type { OrderLiveState } from "../api/order-tracking.ts";
import { TRACKING_TEXT } from "../texts.ts";

const LOOK = {
  live: {
    text: TRACKING_TEXT.live,
    hint: TRACKING_TEXT.liveHint,
    tone: "bg-brand-100 text-brand-800",
    dot: "animate-pulse bg-brand-600",
  },
  connecting: {
    text: TRACKING_TEXT.connecting,
    hint: TRACKING_TEXT.liveHint,
    tone: "bg-cream-200 text-ink-700",
    dot: "bg-ink-500",
  },
  paused: {
    text: TRACKING_TEXT.paused,
    hint: TRACKING_TEXT.pausedHint,
    tone: "bg-saffron-400/25 text-saffron-800",
    dot: "bg-saffron-600",
  },
} as const;

/** Whether the page is hearing the order's changes as they happen; nothing once it is settled. */
export function LiveUpdates({ state }: { state: OrderLiveState }) {
  const { i18n } = useLingui();
  if (state === "off") return null;
  const look = LOOK[state];
  const hint = i18n._(look.hint);
  return (
    <span
      role="status"
      title={hint}
      data-live-state={state}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        look.tone,
      )}
    >
      <span aria-hidden="true" className={cn("h-2 w-2 rounded-full", look.dot)} />
      {i18n._(look.text)}
      {state === "paused" && <span className="sr-only">. {hint}</span>}
    </span>
  );
}

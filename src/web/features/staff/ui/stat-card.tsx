import type { ReactNode } from "react";
import { cn } from "../../../lib/cn.ts";

const TONES = {
  green: "bg-brand-100 text-brand-700",
  saffron: "bg-saffron-400/25 text-saffron-600",
  red: "bg-red-100 text-red-700",
  neutral: "bg-cream-200 text-ink-700",
} as const;

/**
 * One figure on a dashboard: what it counts, the number, and a line that puts it in context.
 * With `onClick` the card is a toggle (e.g. "show only these in the table").
 */
export function StatCard({
  label,
  value,
  detail,
  icon,
  tone,
  onClick,
  pressed,
  testId,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  icon: ReactNode;
  tone: keyof typeof TONES;
  onClick?: () => void;
  pressed?: boolean;
  testId: string;
}) {
  const body = (
    <>
      <span className="flex items-center gap-2.5">
        <span
          aria-hidden="true"
          className={cn(
            "flex h-9 w-9 shrink-0 items-center justify-center rounded-xl",
            TONES[tone],
          )}
        >
          {icon}
        </span>
        <span className="text-sm font-semibold leading-tight text-ink-500">{label}</span>
      </span>{" "}
      <span className="mt-3 block font-display text-2xl font-bold tabular-nums text-ink-900 sm:text-3xl">
        {value}
      </span>{" "}
      {detail && <span className="mt-1 block text-xs text-ink-500">{detail}</span>}
    </>
  );
  const frame = "block h-full w-full rounded-2xl bg-white p-4 text-left shadow-card sm:p-5";
  return (
    <li data-testid={testId}>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          aria-pressed={pressed}
          className={cn(
            frame,
            "transition-shadow hover:shadow-lg aria-pressed:ring-2 aria-pressed:ring-saffron-500",
          )}
        >
          {body}
        </button>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}

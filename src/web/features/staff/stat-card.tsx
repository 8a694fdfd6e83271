import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

const TONES = {
  green: "bg-brand-100 text-brand-700",
  saffron: "bg-saffron-400/25 text-saffron-600",
  red: "bg-red-100 text-red-700",
  neutral: "bg-cream-200 text-ink-700",
} as const;

/**
 * One figure on a dashboard: what it counts, the number, and a line that puts it in context.
 * A definition list, so a screen reader reads the label with its value.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = "green",
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: LucideIcon;
  tone?: keyof typeof TONES;
  testId?: string;
}) {
  return (
    <dl
      data-testid={testId}
      className="flex items-start gap-4 rounded-2xl bg-white p-5 shadow-card"
    >
      {Icon && (
        <span
          className={cn(
            "flex h-11 w-11 shrink-0 items-center justify-center rounded-xl",
            TONES[tone],
          )}
        >
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
      )}
      <div className="min-w-0">
        <dt className="text-sm font-semibold text-ink-500">{label}</dt>
        <dd className="mt-1 truncate text-2xl font-bold tabular-nums text-ink-900">{value}</dd>
        {hint && <dd className="mt-1 text-xs text-ink-500">{hint}</dd>}
      </div>
    </dl>
  );
}

/** Stat cards side by side on wide screens, two across on tablets, stacked on phones. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>;
}

export function StatCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-start gap-4 rounded-2xl bg-white p-5 shadow-card">
      <span className="h-11 w-11 animate-pulse rounded-xl bg-cream-200" />
      <div className="flex-1 space-y-2">
        <span className="block h-4 w-24 animate-pulse rounded bg-cream-200" />
        <span className="block h-7 w-16 animate-pulse rounded bg-cream-200" />
      </div>
    </div>
  );
}

import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "../../../lib/cn.ts";

/**
 * A titled section of a dashboard: a white card like the storefront's, its heading naming the
 * region for screen readers, and an optional line of actions beside the title.
 */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  testId,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={cn("flex flex-col rounded-2xl bg-white p-5 shadow-card sm:p-6", className)}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-ink-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-ink-500">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </section>
  );
}

/** What a panel shows when it has nothing yet: an icon, a sentence, and maybe a next step. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-brand-200 bg-cream-50 px-4 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <p className="mt-3 max-w-full font-semibold text-ink-900 [overflow-wrap:anywhere]">{title}</p>
      {children && <div className="mt-1 max-w-sm text-sm text-ink-500">{children}</div>}
    </div>
  );
}

/** Grey bars in the shape of what is loading, announced once as a status. */
export function PanelSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: rows }, (_, row) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={row}
          aria-hidden="true"
          className="h-10 animate-pulse rounded-lg bg-cream-200"
        />
      ))}
    </div>
  );
}

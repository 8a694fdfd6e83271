import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/**
 * The dashboards' tables: a caption for screen readers, a header row on cream, and sideways
 * scrolling inside the panel on a phone rather than across the whole page. The scroll box is
 * focusable so keyboard users can scroll it too.
 */
export function DataTable({
  caption,
  children,
  className,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section tabIndex={0} aria-label={caption} className="-mx-1 overflow-x-auto px-1">
      <table className={cn("w-full min-w-[32rem] border-collapse text-left text-sm", className)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "border-b border-brand-100 bg-cream-100 px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-ink-500 first:rounded-l-lg last:rounded-r-lg",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: ComponentProps<"td">) {
  return (
    <td
      className={cn("border-b border-cream-200 px-3 py-3 align-middle text-ink-700", className)}
      {...props}
    />
  );
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("hover:bg-brand-50/60", className)} {...props} />;
}

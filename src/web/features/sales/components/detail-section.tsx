import type { ReactNode } from "react";

/** One titled block of an order's detail, a white card on the sheet's cream. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-card">
      <h3 className="mb-3 text-sm font-bold uppercase tracking-wide text-ink-500">{title}</h3>
      {children}
    </section>
  );
}

/** A term and its value, stacked, for the detail's definition lists. */
export function Fact({
  term,
  children,
  wide = false,
}: {
  term: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs text-ink-500">{term}</dt>
      <dd className="break-words font-semibold text-ink-900">{children}</dd>
    </div>
  );
}

import type { ReactNode } from "react";

/** One card of the account page, titled for screen readers' region list. */
export function AccountSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl bg-white p-6 shadow-card">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold text-ink-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-500">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

import type { ReactNode } from "react";

export function SectionHeading({
  eyebrow,
  title,
  children,
  id,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  id?: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p className="mb-2 text-sm font-semibold uppercase tracking-widest text-brand-600">
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="font-display text-3xl font-bold text-ink-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-ink-500">{children}</p>}
    </div>
  );
}

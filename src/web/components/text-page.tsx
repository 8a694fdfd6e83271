import type { ReactNode } from "react";

/** A plain reading page: policies and other long text. */
export function TextPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-bold text-ink-900">{title}</h1>
      <div className="mt-8 space-y-4 leading-relaxed text-ink-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-ink-900">
        {children}
      </div>
    </article>
  );
}

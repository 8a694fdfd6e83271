import type { ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

const TONES = {
  green: "bg-brand-100 text-brand-800",
  saffron: "bg-saffron-400/25 text-saffron-800",
  neutral: "bg-cream-200 text-ink-700",
  red: "bg-red-100 text-red-800",
} as const;

export function Badge({
  tone = "green",
  children,
  className,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

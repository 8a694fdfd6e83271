import { cn } from "../../lib/cn.ts";

export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center", className)}>
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

/** A checkbox with its label beside it and an optional line of explanation under the label. */
export const Checkbox = forwardRef<
  HTMLInputElement,
  { id: string; label: ReactNode; description?: ReactNode } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "id"
  >
>(function Checkbox({ id, label, description, className, ...input }, ref) {
  return (
    <div className={cn("flex gap-3", className)}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
        {...input}
      />
      <div className="text-sm">
        <label htmlFor={id} className="cursor-pointer font-semibold text-ink-700">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-ink-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
});

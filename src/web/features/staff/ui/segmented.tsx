import { cn } from "../../../lib/cn.ts";

/** A row of buttons of which one is pressed: a small switch between views of the same figures. */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: readonly { value: NoInfer<T>; label: string }[];
  value: T;
  onChange(value: NoInfer<T>): void;
  testId?: string;
}) {
  return (
    <fieldset
      data-testid={testId}
      className="inline-flex flex-wrap gap-1 rounded-2xl bg-cream-200 p-1"
    >
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            "h-8 rounded-xl px-3 text-sm font-semibold text-ink-700 transition-colors",
            "hover:text-brand-700 aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:shadow-sm",
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

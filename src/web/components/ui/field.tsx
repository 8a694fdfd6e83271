import {
  cloneElement,
  forwardRef,
  type InputHTMLAttributes,
  isValidElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
} from "react";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { parseTooLong, TOO_LONG } from "../../../shared/rules/too-long.ts";
import { cn } from "../../lib/cn.ts";
import { LinguiContext } from "../../lib/i18n/react-binding.tsx";
import { wordingOf } from "../../lib/i18n/wording.ts";

const CONTROL =
  "w-full rounded-xl border border-ink-500/30 bg-white px-4 py-2.5 text-ink-900 placeholder:text-ink-500 " +
  "focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 " +
  "aria-[invalid=true]:border-red-600";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    return <input ref={ref} className={cn(CONTROL, "h-11", className)} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(CONTROL, "min-h-28", className)} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className, ...props }, ref) {
    return <select ref={ref} className={cn(CONTROL, "h-11 pr-3", className)} {...props} />;
  },
);

/**
 * A field's error in the page's language: the shared checks' English is the key, and a check's
 * "Must be at most 80 characters" is said with its limit (as written on a page without the
 * forms' catalogue).
 */
function fieldError(i18n: I18n, error: string): string {
  const max = parseTooLong(error);
  return max === undefined ? i18n._(error) : wordingOf(i18n)(TOO_LONG, { max });
}

type ControlProps = { id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/**
 * A label, its control and the control's error, tied together for screen readers: the control
 * (the one child element) gets the field's id, and is marked invalid and described by the error
 * while there is one, unless it says otherwise itself.
 */
export function Field({
  id,
  label,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  // The shared checks write English; the page's catalogue words it (a text it lacks stays so).
  // Drawn without a translator (a part tested alone), the English shows as it is.
  const i18n = useContext(LinguiContext)?.i18n;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-700">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {isValidElement<ControlProps>(children)
        ? cloneElement(children, {
            id: children.props.id ?? id,
            "aria-invalid": children.props["aria-invalid"] ?? (error ? true : undefined),
            "aria-describedby":
              children.props["aria-describedby"] ?? (error ? `${id}-error` : undefined),
          })
        : children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {i18n ? fieldError(i18n, error) : error}
        </p>
      )}
    </div>
  );
}

/** A required input with its label and error wired together, for the plain text fields of a form. */
export const LabeledInput = forwardRef<
  HTMLInputElement,
  { id: string; label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>
>(function LabeledInput({ id, label, error, ...input }, ref) {
  return (
    <Field id={id} label={label} required error={error}>
      <Input ref={ref} required {...input} />
    </Field>
  );
});

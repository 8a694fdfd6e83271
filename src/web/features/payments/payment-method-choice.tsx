import { Banknote, CreditCard, Landmark, type LucideIcon, Smartphone, Wallet } from "lucide-react";
import { PAYMENT_LABELS } from "../../../shared/contracts/payments.ts";
import { cn } from "../../lib/cn.ts";

/** Every method name the store and its test provider use, with the icon its tile shows. */
const ICONS: Record<string, LucideIcon> = {
  card: CreditCard,
  credit_card: CreditCard,
  cash: Wallet,
  cash_on_delivery: Banknote,
  upi: Smartphone,
  gpay: Smartphone,
  phonepe: Smartphone,
  net_banking: Landmark,
  netbanking: Landmark,
};

export type MethodOption<M extends string> = {
  value: M;
  label: string;
  /** A line under the label, e.g. "Subject to approval" (as shown: translated by the caller). */
  note?: string;
  disabled?: boolean;
};

type Props<M extends string> = {
  /** The radios' name: one group per form. */
  name: string;
  options: readonly MethodOption<M>[];
  /** None chosen while undefined (e.g. a bulk advance before its quote). */
  value: M | undefined;
  onChange(method: M): void;
  /** The group's name, translated by the caller; "Payment method" (in English) by default. */
  legend?: string;
  /** Tailwind grid columns for the tiles, e.g. "sm:grid-cols-2". */
  columns?: string;
  /** Small tiles, icon above the label: three in a row fit a phone. */
  compact?: boolean;
};

/**
 * The payment method as tiles: native radios (one tab stop, arrow keys move the choice) hidden
 * inside labels the shopper clicks. Checkout, the bulk advance and the test provider's page use it.
 */
export function PaymentMethodChoice<M extends string>({
  name,
  options,
  value,
  onChange,
  legend = PAYMENT_LABELS.method,
  columns = "sm:grid-cols-2 lg:grid-cols-3",
  compact = false,
}: Props<M>) {
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-ink-700">{legend}</legend>
      <div className={cn("grid gap-3", columns)}>
        {options.map((option) => {
          const Icon = ICONS[option.value] ?? CreditCard;
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                "flex rounded-2xl border-2 text-sm font-semibold transition-colors",
                compact ? "flex-col gap-1 px-3 py-2.5" : "items-center gap-3 px-4 py-3",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                checked
                  ? "border-brand-600 bg-brand-50 text-brand-800"
                  : "border-cream-200 bg-white text-ink-700",
                option.disabled
                  ? "cursor-not-allowed bg-cream-100"
                  : "cursor-pointer hover:border-brand-200",
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span className="flex flex-col">
                {option.label}
                {option.note && (
                  <span className="text-xs font-normal text-ink-500">{option.note}</span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

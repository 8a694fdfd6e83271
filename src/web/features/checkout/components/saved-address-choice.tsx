import { House, MapPinPlus } from "lucide-react";
import { SAVED_ADDRESS_MESSAGES } from "../../../../shared/contracts/saved-addresses.ts";
import { addressLine } from "../../../../shared/rules/saved-addresses.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/cn.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import type { SavedAddressChoice as Choice } from "../use-saved-address-choice.ts";

const TILE =
  "flex cursor-pointer items-start gap-3 rounded-2xl border-2 px-4 py-3 text-sm transition-colors hover:border-brand-200 " +
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600";

/**
 * A signed-in customer's saved addresses as tiles, and "A new address": native radios (one tab
 * stop, arrow keys move the choice) inside the labels the shopper clicks. Nothing for a guest.
 */
export function SavedAddressChoice({ choice }: { choice: Choice }) {
  const { i18n } = useLingui();
  if (choice.addresses.length === 0) return null;
  const options = [
    ...choice.addresses.map((address) => ({
      value: address.id as number | "new",
      title: address.label || i18n._("Saved address"),
      line: addressLine(address),
      isDefault: address.isDefault,
    })),
    {
      value: "new" as const,
      title: i18n._(SAVED_ADDRESS_MESSAGES.newAddress),
      line: "",
      isDefault: false,
    },
  ];
  return (
    <fieldset className="mb-5">
      <legend className="mb-3 text-sm font-semibold text-ink-700">
        {i18n._(SAVED_ADDRESS_MESSAGES.deliverTo)}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const checked = choice.chosen === option.value;
          const Icon = option.value === "new" ? MapPinPlus : House;
          return (
            <label
              key={option.value}
              className={cn(
                TILE,
                checked ? "border-brand-600 bg-brand-50" : "border-cream-200 bg-white",
              )}
            >
              <input
                type="radio"
                name="savedAddress"
                value={option.value}
                checked={checked}
                onChange={() => choice.choose(option.value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                  {option.title}
                  {option.isDefault && <Badge>{i18n._(COMMON_TEXTS.defaultAddress)}</Badge>}
                </span>
                {option.line && <span className="break-words text-ink-700">{option.line}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

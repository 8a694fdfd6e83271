import { useEffect } from "react";
import type { Path } from "react-hook-form";
import { CHECKOUT_LIMITS } from "../../../../shared/contracts/checkout.ts";
import {
  SAVED_ADDRESS_LIMITS,
  type SavedAddressInput,
  savedAddressInputSchema,
} from "../../../../shared/contracts/saved-addresses.ts";
import {
  isServiceable,
  OUTSIDE_DELIVERY_AREA_MESSAGE,
} from "../../../../shared/rules/delivery-area.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field, Input } from "../../../components/ui/field.tsx";
import { showServerRefusal, useCheckedForm } from "../../../lib/checked-form.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { typedSchemaChecks } from "../../../lib/schema-checks.ts";

export type AddressFormValues = Required<SavedAddressInput>;

const FIELDS = [
  "label",
  "address",
  "city",
  "state",
  "pincode",
] as const satisfies readonly Path<AddressFormValues>[];

// The values go as typed to the server, which parses them with the same schema again.
const checks = typedSchemaChecks(savedAddressInputSchema);

type Props = {
  /** Tells this form's inputs apart from any other on the page. */
  idPrefix: string;
  title: string;
  initial: AddressFormValues;
  /** Hidden for the default address, which stays the default. */
  offerDefault: boolean;
  /** Unknown until the site settings arrive; the server checks again anyway. */
  serviceablePincodes: readonly string[] | undefined;
  busy: boolean;
  onSave(values: SavedAddressInput): Promise<unknown>;
  onCancel(): void;
};

/** Adds or edits one address: the same fields, limits and messages as checkout's delivery. */
export function SavedAddressForm({
  idPrefix,
  title,
  initial,
  offerDefault,
  serviceablePincodes,
  busy,
  onSave,
  onCancel,
}: Props) {
  const { i18n } = useLingui();
  const form = useCheckedForm(checks, { defaultValues: initial });
  const { errors } = form.formState;

  // The form replaced the button that opened it: the keyboard carries on in its first field.
  useEffect(() => document.getElementById(`${idPrefix}-label`)?.focus(), [idPrefix]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (serviceablePincodes && !isServiceable(values.pincode, serviceablePincodes)) {
      form.setError("pincode", { message: OUTSIDE_DELIVERY_AREA_MESSAGE }, { shouldFocus: true });
      return;
    }
    try {
      await onSave(values);
    } catch (error) {
      showServerRefusal(form, error, FIELDS);
    }
  });

  const input = (
    name: (typeof FIELDS)[number],
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> & { required?: boolean },
  ) => (
    <Field
      id={`${idPrefix}-${name}`}
      label={i18n._(label)}
      required={extra.required}
      error={errors[name]?.message}
    >
      <Input {...extra} {...form.register(name)} />
    </Field>
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="space-y-4 rounded-2xl border border-cream-200 bg-cream-50 p-4 sm:p-5"
    >
      <h3 className="font-bold text-ink-900">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {input("label", /*i18n*/ "Label (optional)", {
          maxLength: SAVED_ADDRESS_LIMITS.label,
          placeholder: i18n._("Home, Office…"),
        })}
        <div className="sm:col-span-2">
          {input("address", COMMON_TEXTS.streetAddress, {
            required: true,
            autoComplete: "street-address",
            placeholder: i18n._(COMMON_TEXTS.streetAddressPlaceholder),
            maxLength: CHECKOUT_LIMITS.address,
          })}
        </div>
        {input("city", COMMON_TEXTS.city, {
          required: true,
          autoComplete: "address-level2",
          maxLength: CHECKOUT_LIMITS.city,
        })}
        {input("state", COMMON_TEXTS.state, {
          required: true,
          autoComplete: "address-level1",
          maxLength: CHECKOUT_LIMITS.state,
        })}
        {input("pincode", COMMON_TEXTS.pincode, {
          required: true,
          inputMode: "numeric",
          autoComplete: "postal-code",
          placeholder: i18n._(COMMON_TEXTS.pincodePlaceholder),
          maxLength: 6,
        })}
      </div>
      {offerDefault && (
        <Checkbox
          id={`${idPrefix}-default`}
          label={i18n._("Make this my default address")}
          description={i18n._("Checkout fills it in for you.")}
          {...form.register("makeDefault")}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? i18n._("Saving...") : i18n._("Save address")}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </form>
  );
}

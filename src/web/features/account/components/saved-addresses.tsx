import { MapPin, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  SAVED_ADDRESS_LIMITS,
  SAVED_ADDRESS_MESSAGES,
  type SavedAddress,
} from "../../../../shared/contracts/saved-addresses.ts";
import { toast } from "../../../components/toasts.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useSiteSettings } from "../../site/api/site-settings.ts";
import {
  useAddAddress,
  useDeleteAddress,
  useEditAddress,
  useMakeDefaultAddress,
  useSavedAddresses,
} from "../api/saved-addresses.ts";
import { type AddressFormValues, SavedAddressForm } from "./saved-address-form.tsx";

const BLANK: AddressFormValues = {
  label: "",
  address: "",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "",
  makeDefault: false,
};

const formValuesOf = ({ label, address, city, state, pincode }: SavedAddress) => ({
  label,
  address,
  city,
  state,
  pincode,
  makeDefault: false,
});

type Editing = { kind: "new" } | { kind: "edit"; address: SavedAddress } | null;

/**
 * The signed-in customer's address book: list, add, edit, delete and choose the default.
 * Self-contained (it loads and saves through /api/account/addresses); mount it on a page only a
 * signed-in customer sees.
 */
export function SavedAddresses({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const addresses = useSavedAddresses();
  const settings = useSiteSettings();
  const add = useAddAddress();
  const edit = useEditAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const close = () => {
    setEditing(null);
    // Back to where the list begins, so a keyboard user is not left on a button that went away.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const list = addresses.data?.addresses ?? [];
  const full = list.length >= SAVED_ADDRESS_LIMITS.perCustomer;

  return (
    <section
      aria-labelledby="saved-addresses-heading"
      className={cn("rounded-3xl bg-white p-5 shadow-card sm:p-6", className)}
    >
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2
          id="saved-addresses-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-bold text-ink-900 focus:outline-none"
        >
          {i18n._("Saved addresses")}
        </h2>
        {addresses.isSuccess && editing === null && (
          <Button
            variant="outline"
            size="sm"
            disabled={full}
            onClick={() => setEditing({ kind: "new" })}
          >
            <Plus aria-hidden="true" className="h-4 w-4" /> {i18n._("Add address")}
          </Button>
        )}
      </div>

      {addresses.isPending && (
        <div className="flex justify-center py-8">
          <Spinner label={i18n._("Loading your addresses")} />
        </div>
      )}
      {addresses.isError && (
        <LoadError error={addresses.error} onRetry={() => void addresses.refetch()} />
      )}

      {addresses.isSuccess && (
        <div className="space-y-4">
          {full && editing === null && (
            <p className="text-sm text-ink-500">
              {i18n._(SAVED_ADDRESS_MESSAGES.tooMany, { count: SAVED_ADDRESS_LIMITS.perCustomer })}
            </p>
          )}
          {editing?.kind === "new" && (
            <SavedAddressForm
              idPrefix="new-address"
              title={i18n._("New address")}
              initial={{ ...BLANK, makeDefault: list.length === 0 }}
              offerDefault={list.length > 0}
              serviceablePincodes={settings.data?.serviceablePincodes}
              busy={add.isPending}
              onCancel={close}
              onSave={async (values) => {
                await add.mutateAsync(values);
                toast.success(i18n._(SAVED_ADDRESS_MESSAGES.added));
                close();
              }}
            />
          )}
          {list.length === 0 && editing === null && (
            <div className="rounded-2xl bg-cream-100 p-6 text-center">
              <MapPin aria-hidden="true" className="mx-auto h-8 w-8 text-brand-600" />
              <p className="mt-2 font-semibold text-ink-900">
                {i18n._(SAVED_ADDRESS_MESSAGES.empty)}
              </p>
              <p className="mt-1 text-sm text-ink-500">
                {i18n._(SAVED_ADDRESS_MESSAGES.emptyHint)}
              </p>
            </div>
          )}
          {list.length > 0 && (
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((address) =>
                editing?.kind === "edit" && editing.address.id === address.id ? (
                  <li key={address.id} className="md:col-span-2">
                    <SavedAddressForm
                      idPrefix={`address-${address.id}`}
                      title={
                        address.label
                          ? i18n._("Edit {label}", { label: address.label })
                          : i18n._("Edit address")
                      }
                      initial={formValuesOf(address)}
                      offerDefault={!address.isDefault}
                      serviceablePincodes={settings.data?.serviceablePincodes}
                      busy={edit.isPending}
                      onCancel={close}
                      onSave={async (values) => {
                        await edit.mutateAsync({ id: address.id, input: values });
                        toast.success(i18n._(SAVED_ADDRESS_MESSAGES.updated));
                        close();
                      }}
                    />
                  </li>
                ) : (
                  <AddressCard
                    key={address.id}
                    address={address}
                    locked={editing !== null}
                    onEdit={() => setEditing({ kind: "edit", address })}
                  />
                ),
              )}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function AddressCard({
  address,
  locked,
  onEdit,
}: {
  address: SavedAddress;
  locked: boolean;
  onEdit(): void;
}) {
  const { i18n } = useLingui();
  const makeDefault = useMakeDefaultAddress();
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  // The question replaced the focused Delete button; the safe answer takes the focus.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const name = address.label || i18n._("Address");
  const titleId = `address-${address.id}-title`;
  // Several cards share the buttons' words; each button's name goes on with its card's title,
  // where each language puts it (the <0> part is for screen readers only).
  const named = { values: { name }, components: { 0: <span className="sr-only" /> } };

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(i18n._(done));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        "flex flex-col gap-3 rounded-2xl border-2 p-4",
        address.isDefault ? "border-brand-600 bg-brand-50" : "border-cream-200",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-bold text-ink-900">
          {name}
        </h3>
        {address.isDefault && <Badge>{i18n._(COMMON_TEXTS.defaultAddress)}</Badge>}
      </div>
      <p className="text-sm text-ink-700">
        {address.address}
        <br />
        {address.city}, {address.state} {address.pincode}
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-semibold text-ink-900">{i18n._("Delete this address?")}</p>
          <Button
            variant="danger"
            size="sm"
            disabled={remove.isPending}
            onClick={() =>
              void run(() => remove.mutateAsync(address.id), SAVED_ADDRESS_MESSAGES.deleted)
            }
          >
            <Trans id={/*i18n*/ "Yes, delete<0> {name}</0>"} {...named} />
          </Button>
          <Button ref={keep} variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            <Trans id={/*i18n*/ "Keep it<0> {name}</0>"} {...named} />
          </Button>
        </div>
      ) : (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={locked} onClick={onEdit}>
            <Trans id={/*i18n*/ "Edit<0> {name}</0>"} {...named} />
          </Button>
          {!address.isDefault && (
            <Button
              variant="ghost"
              size="sm"
              disabled={locked || makeDefault.isPending}
              onClick={() =>
                void run(
                  () => makeDefault.mutateAsync(address.id),
                  SAVED_ADDRESS_MESSAGES.madeDefault,
                )
              }
            >
              <Trans id={/*i18n*/ "Make default<0> {name}</0>"} {...named} />
            </Button>
          )}
          <Button variant="danger" size="sm" disabled={locked} onClick={() => setConfirming(true)}>
            <Trans id={/*i18n*/ "Delete<0> {name}</0>"} {...named} />
          </Button>
        </div>
      )}
    </li>
  );
}

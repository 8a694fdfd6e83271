import { useEffect, useRef } from "react";
import { useWatch } from "react-hook-form";
import type { Delivery } from "../../../shared/contracts/checkout.ts";
import type { SavedAddress } from "../../../shared/contracts/saved-addresses.ts";
import { isSameAddress } from "../../../shared/rules/saved-addresses.ts";
import { useSavedAddresses } from "../account/api/saved-addresses.ts";
import { useCustomer } from "../account/api/session.ts";
import { type CheckoutForm, EMPTY_CHECKOUT } from "./checkout-values.ts";

export type SavedAddressChoice = {
  /** A signed-in customer's saved addresses; none for a guest. */
  addresses: SavedAddress[];
  /** The saved address the delivery fields hold now, or "new" when they hold another. */
  chosen: number | "new";
  choose(next: number | "new"): void;
  /** Whether to offer the tick that saves the typed address to the account. */
  offerSave: boolean;
};

function fill(form: CheckoutForm, place: Delivery) {
  for (const field of ["address", "city", "state", "pincode"] as const) {
    form.setValue(`delivery.${field}`, place[field]);
  }
  form.clearErrors("delivery");
}

/**
 * A signed-in customer's saved addresses at checkout. The default is filled in once, if the
 * shopper has not started typing an address; which one is chosen follows the fields, so an
 * edited saved address counts as a new one, which the shopper may save.
 */
export function useSavedAddressChoice(form: CheckoutForm): SavedAddressChoice {
  const { data: customer } = useCustomer();
  const saved = useSavedAddresses(Boolean(customer));
  const addresses = customer ? (saved.data?.addresses ?? []) : [];
  const delivery = useWatch({ control: form.control, name: "delivery" });
  const filled = useRef(false);

  const preferred = addresses.find((address) => address.isDefault);
  useEffect(() => {
    if (!preferred || filled.current) return;
    filled.current = true;
    const typed = form.getValues("delivery");
    if (!typed.address.trim() && !typed.pincode.trim()) fill(form, preferred);
    // Once, when the list first arrives: later changes to it must not overwrite the form.
  }, [preferred, form]);

  const match = addresses.find((address) => isSameAddress(address, delivery));
  return {
    addresses,
    chosen: match?.id ?? "new",
    choose(next) {
      const address = addresses.find((candidate) => candidate.id === next);
      fill(form, address ?? EMPTY_CHECKOUT.delivery);
      if (address) form.setValue("saveAddress", false);
    },
    offerSave: Boolean(customer) && !match,
  };
}

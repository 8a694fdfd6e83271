import { type Dispatch, type SetStateAction, useEffect, useRef } from "react";
import { CHECKOUT_LIMITS } from "../../../shared/contracts/checkout.ts";
import type { CheckoutForm } from "../../../shared/contracts/checkout-form.ts";
import { splitFullName } from "../../../shared/rules/person-name.ts";
import { useCustomer } from "../account/api/session.ts";

const orTyped = (typed: string, fromAccount: string) => (typed.trim() ? typed : fromAccount);

/**
 * Fills a signed-in customer's first name, last name and email into the contact fields they have
 * left empty, once: what they type or delete afterwards is theirs.
 */
export function useAccountContact(setForm: Dispatch<SetStateAction<CheckoutForm>>) {
  const { data: customer } = useCustomer();
  const filled = useRef(false);
  useEffect(() => {
    if (!customer || filled.current) return;
    filled.current = true;
    const name = splitFullName(customer.name);
    setForm((current) => ({
      ...current,
      firstName: orTyped(current.firstName, name.firstName.slice(0, CHECKOUT_LIMITS.name)),
      lastName: orTyped(current.lastName, name.lastName.slice(0, CHECKOUT_LIMITS.name)),
      email: orTyped(current.email, customer.email),
    }));
  }, [customer, setForm]);
}

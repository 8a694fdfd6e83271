import { useEffect, useRef } from "react";
import { CHECKOUT_LIMITS } from "../../../shared/contracts/checkout.ts";
import { typedMobile } from "../../../shared/rules/formats.ts";
import { splitFullName } from "../../../shared/rules/person-name.ts";
import { useCustomer } from "../account/api/session.ts";
import type { CheckoutForm } from "./checkout-values.ts";

/**
 * Fills a signed-in customer's first name, last name, email and mobile into the contact fields
 * they have left empty, once: what they type or delete afterwards is theirs.
 */
export function useAccountContact(form: CheckoutForm) {
  const { data: customer } = useCustomer();
  const filled = useRef(false);
  useEffect(() => {
    if (!customer || filled.current) return;
    filled.current = true;
    const name = splitFullName(customer.name);
    const fill = (
      field: `contact.${"firstName" | "lastName" | "email" | "phone"}`,
      value: string,
    ) => {
      if (!form.getValues(field).trim()) form.setValue(field, value);
    };
    fill("contact.firstName", name.firstName.slice(0, CHECKOUT_LIMITS.name));
    fill("contact.lastName", name.lastName.slice(0, CHECKOUT_LIMITS.name));
    fill("contact.email", customer.email);
    if (customer.mobile) fill("contact.phone", typedMobile(customer.mobile));
  }, [customer, form]);
}

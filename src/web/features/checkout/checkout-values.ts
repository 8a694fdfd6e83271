import { get, type Path, type UseFormReturn } from "react-hook-form";
import {
  CHECKOUT_MESSAGES,
  type PlaceOrderInput,
  placeOrderSchema,
} from "../../../shared/contracts/checkout.ts";
import type { FormChecks } from "../../lib/form-checks.ts";
import { typedSchemaChecks } from "../../lib/schema-checks.ts";

/** The checkout form: the order request without its items, which come from the cart. */
export type CheckoutValues = Omit<Required<PlaceOrderInput>, "items" | "contact"> & {
  contact: Required<PlaceOrderInput["contact"]>;
};

/** What the form sends: the order without its items, as typed (the server parses it again). */
export type CheckoutRequest = Omit<PlaceOrderInput, "items">;
export type CheckoutForm = UseFormReturn<CheckoutValues, unknown, CheckoutRequest>;

/** The same schema the server parses the order with, for everything but the cart's items. */
export const checkoutFormSchema = placeOrderSchema.omit({ items: true });

export const EMPTY_CHECKOUT: CheckoutValues = {
  contact: { firstName: "", lastName: "", email: "", phone: "" },
  delivery: { address: "", city: "Bhubaneswar", state: "Odisha", pincode: "" },
  notes: "",
  payment: { method: "card" },
  saveAddress: false,
};

/** The typed fields in the order they appear, so the first problem named is the first on screen. */
export const CHECKOUT_FIELDS = [
  "contact.firstName",
  "contact.lastName",
  "contact.email",
  "contact.phone",
  "delivery.address",
  "delivery.city",
  "delivery.state",
  "delivery.pincode",
  "notes",
] as const satisfies readonly Path<CheckoutValues>[];
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

/** An input's id: "checkout-firstName". */
export const checkoutInputId = (field: CheckoutField) => `checkout-${field.split(".").pop()}`;

/** The fields the spec requires: left empty, each says "Please fill in all required fields". */
const REQUIRED_FIELDS = [
  "contact.firstName",
  "contact.email",
  "contact.phone",
  "delivery.address",
  "delivery.city",
  "delivery.state",
  "delivery.pincode",
] as const satisfies readonly CheckoutField[];

// The values go as typed to the server, which parses them with the same schema again.
const orderChecks = typedSchemaChecks(checkoutFormSchema);

/**
 * The shared schema, except that an empty phone or PIN code is missing (the spec's message)
 * rather than malformed, as the schema alone would say.
 */
export const checkoutChecks: FormChecks<CheckoutValues, CheckoutRequest> = (values) => {
  const checked = orderChecks(values);
  const blank = REQUIRED_FIELDS.filter((field) => !String(get(values, field) ?? "").trim());
  if (blank.length === 0) return checked;
  const problems = checked.ok ? {} : { ...checked.problems };
  for (const field of blank) problems[field] = CHECKOUT_MESSAGES.required;
  return { ok: false, problems };
};

import type { Path } from "react-hook-form";
import { type PlaceOrderInput, placeOrderSchema } from "../../../shared/contracts/checkout.ts";

/** The checkout form: the order request without its items, which come from the cart. */
export type CheckoutValues = Omit<Required<PlaceOrderInput>, "items" | "contact"> & {
  contact: Required<PlaceOrderInput["contact"]>;
};

/** The same schema the server parses the order with, for everything but the cart's items. */
export const checkoutFormSchema = placeOrderSchema.omit({ items: true });

export const EMPTY_CHECKOUT: CheckoutValues = {
  contact: { firstName: "", lastName: "", email: "", phone: "" },
  delivery: { address: "", city: "Bhubaneswar", state: "Odisha", pincode: "" },
  notes: "",
  payment: { method: "card" },
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

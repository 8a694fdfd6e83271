import { type FieldErrors, get } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "../../../shared/contracts/checkout.ts";
import { checksResolver } from "../../lib/checked-form.ts";
import { type CheckoutValues, checkoutChecks, EMPTY_CHECKOUT } from "./checkout-values.ts";

const checkoutResolver = checksResolver(checkoutChecks);

const filled: CheckoutValues = {
  ...EMPTY_CHECKOUT,
  contact: { firstName: "Asha", lastName: "", email: "asha@example.in", phone: "98765 43210" },
  delivery: { ...EMPTY_CHECKOUT.delivery, address: "12 Janpath", pincode: "751007" },
};
const errorsOf = async (values: CheckoutValues) =>
  (
    await checkoutResolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })
  ).errors as FieldErrors<CheckoutValues>;
const message = (errors: FieldErrors<CheckoutValues>, field: string) =>
  (get(errors, field) as { message?: string } | undefined)?.message;

describe("the checkout form's checks", () => {
  it("accept a complete form, whatever the payment method", async () => {
    for (const method of ["card", "cash", "upi", "gpay", "phonepe"] as const) {
      expect(await errorsOf({ ...filled, payment: { method } })).toEqual({});
    }
  });

  it("say the spec's message for every empty required field, the phone and PIN code too", async () => {
    const errors = await errorsOf(EMPTY_CHECKOUT);
    for (const field of [
      "contact.firstName",
      "contact.email",
      "contact.phone",
      "delivery.address",
      "delivery.pincode",
    ]) {
      expect(message(errors, field), field).toBe(CHECKOUT_MESSAGES.required);
    }
    expect(message(errors, "contact.lastName")).toBeUndefined();
  });

  it("then give each wrong format its own message", async () => {
    const errors = await errorsOf({
      ...filled,
      contact: { ...filled.contact, email: "asha@example", phone: "12345" },
      delivery: { ...filled.delivery, pincode: "75100" },
    });
    expect(message(errors, "contact.email")).toBe(CHECKOUT_MESSAGES.email);
    expect(message(errors, "contact.phone")).toBe(CHECKOUT_MESSAGES.phone);
    expect(message(errors, "delivery.pincode")).toBe(CHECKOUT_MESSAGES.pincode);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "../../../../shared/contracts/checkout.ts";
import {
  type CheckoutForm,
  EMPTY_CHECKOUT_FORM,
} from "../../../../shared/contracts/checkout-form.ts";
import { CASH_ONLY_NOTE, offeredPaymentMethods } from "../../../../shared/rules/payment-options.ts";
import { PaymentFields } from "./payment-fields.tsx";

afterEach(cleanup);

/** The checkout's payment section as the page holds it: the form state lives above it. */
function Payment({ methods }: { methods: readonly PaymentMethod[] }) {
  const [form, setForm] = useState<CheckoutForm>(EMPTY_CHECKOUT_FORM);
  return (
    <PaymentFields
      values={form}
      errors={{}}
      onValue={(name, value) => setForm((current) => ({ ...current, [name]: value }))}
      demoMode={false}
      methods={methods}
    />
  );
}

describe("the checkout's payment methods, as the store's settings offer them", () => {
  it("offers cash on delivery alone, chosen, with a note, when there is no payment provider", async () => {
    render(<Payment methods={offeredPaymentMethods(false)} />);
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.getAttribute("value"))).toEqual(["cash"]);
    const cash = screen.getByRole("radio", { name: PAYMENT_METHOD_LABELS.cash });
    await expect.poll(() => (cash as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId("cash-only-note").textContent).toBe(CASH_ONLY_NOTE);
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
  });

  it("offers every method, card first, with a payment provider", () => {
    render(<Payment methods={offeredPaymentMethods(true)} />);
    expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual([
      "card",
      "cash",
      "upi",
      "gpay",
      "phonepe",
    ]);
    expect(
      (screen.getByRole("radio", { name: PAYMENT_METHOD_LABELS.card }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByTestId("cash-only-note")).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "../../../shared/contracts/checkout.ts";
import { type MethodOption, PaymentMethodChoice } from "./payment-method-choice.tsx";

afterEach(cleanup);

function Choice<M extends string>({ options, first }: { options: MethodOption<M>[]; first?: M }) {
  const [value, setValue] = useState<M | undefined>(first);
  return (
    <>
      <PaymentMethodChoice<M>
        name="method"
        options={options}
        value={value}
        onChange={(method) => setValue(method)}
      />
      <output data-testid="chosen">{value ?? "none"}</output>
    </>
  );
}

const checkoutOptions = PAYMENT_METHODS.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));
const radios = () => screen.getAllByRole("radio") as HTMLInputElement[];

describe("the payment method chooser", () => {
  it("is one labelled group of radios, the chosen one checked", () => {
    render(<Choice<PaymentMethod> options={checkoutOptions} first="card" />);
    expect(screen.getByRole("group", { name: "Payment method" })).toBeTruthy();
    expect(radios().map((radio) => radio.value)).toEqual([
      "card",
      "cash",
      "upi",
      "gpay",
      "phonepe",
    ]);
    expect(new Set(radios().map((radio) => radio.name))).toEqual(new Set(["method"]));
    expect(
      (screen.getByRole("radio", { name: "Credit/Debit Card" }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it("changes the choice when a tile is chosen", () => {
    render(<Choice<PaymentMethod> options={checkoutOptions} first="card" />);
    fireEvent.click(screen.getByRole("radio", { name: "Google Pay" }));
    expect(screen.getByTestId("chosen").textContent).toBe("gpay");
    expect((screen.getByRole("radio", { name: "Google Pay" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      (screen.getByRole("radio", { name: "Credit/Debit Card" }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("shows a method's note and keeps a disabled one from being chosen", () => {
    render(
      <Choice
        options={[
          { value: "credit_card", label: "Credit/Debit Card" },
          {
            value: "cash_on_delivery",
            label: "Cash on Delivery",
            note: "Subject to approval",
            disabled: true,
          },
        ]}
      />,
    );
    expect(screen.getByTestId("chosen").textContent).toBe("none");
    expect(radios().some((radio) => radio.checked)).toBe(false);
    const cash = screen.getByRole("radio", { name: /Cash on Delivery/ }) as HTMLInputElement;
    expect(cash.disabled).toBe(true);
    expect(cash.closest("label")?.textContent).toContain("Subject to approval");
  });
});

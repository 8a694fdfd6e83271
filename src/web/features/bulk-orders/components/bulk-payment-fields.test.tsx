// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { offeredBulkPaymentMethods } from "../../../../shared/rules/payment-options.ts";
import { EMPTY_PAYMENT_FORM } from "../payment-form.ts";
import { BulkPaymentFields } from "./bulk-payment-fields.tsx";

afterEach(cleanup);

const fields = (online: boolean, codApproved: boolean) =>
  render(
    <BulkPaymentFields
      form={{ ...EMPTY_PAYMENT_FORM, method: online ? "credit_card" : "cash_on_delivery" }}
      errors={{}}
      onChange={() => {}}
      codApproved={codApproved}
      showFields
      methods={offeredBulkPaymentMethods(online)}
    />,
  );

describe("the bulk advance's payment methods, as the store's settings offer them", () => {
  it("offers cash on delivery alone when there is no payment provider", () => {
    fields(false, true);
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(["cash_on_delivery"]);
    expect(radios[0]!.checked).toBe(true);
    expect(radios[0]!.disabled).toBe(false);
  });

  it("offers card, UPI, net banking and cash on delivery with a payment provider", () => {
    fields(true, false);
    const radios = screen.getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual([
      "credit_card",
      "upi",
      "net_banking",
      "cash_on_delivery",
    ]);
  });
});

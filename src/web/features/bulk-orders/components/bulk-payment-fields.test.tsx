// @vitest-environment jsdom

import { cleanup, render as draw, fireEvent, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BulkPaymentMethod } from "../../../../shared/contracts/bulk-orders.ts";
import type { I18n } from "../../../../shared/i18n/translator.ts";
import { offeredBulkPaymentMethods } from "../../../../shared/rules/payment-options.ts";
import { I18nProvider } from "../../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../../lib/i18n/shop-i18n.ts";
import { type AdvanceValues, EMPTY_ADVANCE } from "../advance-values.ts";
import { BulkPaymentFields } from "./bulk-payment-fields.tsx";

afterEach(cleanup);

// The bulk pages in English, as the shop's English pages draw them.
let english: I18n;
beforeAll(async () => {
  english = createShopI18n("en");
  await loadTexts(english, ["routes/bulk-order-confirmation"]);
});

const render = (fields: ReactNode) => draw(<I18nProvider i18n={english}>{fields}</I18nProvider>);

function Fields({
  values,
  codApproved,
  online = true,
  showFields = true,
  onMethod = () => {},
}: {
  values: AdvanceValues;
  codApproved: boolean;
  online?: boolean;
  showFields?: boolean;
  onMethod?: (method: BulkPaymentMethod) => void;
}) {
  const form = useForm<AdvanceValues>({ defaultValues: values });
  return (
    <BulkPaymentFields
      values={values}
      onMethod={onMethod}
      onUpiApp={() => {}}
      register={form.register}
      errors={{}}
      codApproved={codApproved}
      showFields={showFields}
      methods={offeredBulkPaymentMethods(online)}
    />
  );
}

const radios = () => screen.getAllByRole("radio") as HTMLInputElement[];

describe("the bulk advance's payment methods, as the store's settings offer them", () => {
  it("offers cash on delivery alone when there is no payment provider", () => {
    render(
      <Fields
        values={{ ...EMPTY_ADVANCE, method: "cash_on_delivery" }}
        codApproved
        online={false}
      />,
    );
    expect(radios().map((radio) => radio.value)).toEqual(["cash_on_delivery"]);
    expect(radios()[0]!.checked).toBe(true);
    expect(radios()[0]!.disabled).toBe(false);
  });

  it("offers card, UPI, net banking and cash on delivery, the last subject to approval", () => {
    const onMethod = vi.fn();
    render(<Fields values={EMPTY_ADVANCE} codApproved={false} onMethod={onMethod} />);
    expect(radios().map((radio) => radio.value)).toEqual([
      "credit_card",
      "upi",
      "net_banking",
      "cash_on_delivery",
    ]);
    const cash = screen.getByRole("radio", { name: /Cash on Delivery/ }) as HTMLInputElement;
    expect(cash.disabled).toBe(true);
    expect(cash.closest("label")?.textContent).toContain("Subject to approval");
    fireEvent.click(screen.getByRole("radio", { name: "UPI" }));
    expect(onMethod).toHaveBeenCalledWith("upi");
  });

  it("takes no card number or UPI ID: those are typed in the provider's window", () => {
    render(<Fields values={{ ...EMPTY_ADVANCE, method: "upi" }} codApproved={false} />);
    expect(screen.getByRole("tablist", { name: "UPI app" })).toBeTruthy();
    expect(screen.queryAllByRole("textbox")).toEqual([]);
    expect(screen.getByText(/secure window/)).toBeTruthy();
  });

  it("asks for a bank for net banking, from the spec's list", () => {
    render(<Fields values={{ ...EMPTY_ADVANCE, method: "net_banking" }} codApproved={false} />);
    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual([
      "Select your bank",
      "State Bank of India",
      "HDFC Bank",
      "ICICI Bank",
      "Axis Bank",
      "Kotak Mahindra Bank",
      "Other Bank",
    ]);
  });

  it("before a quote shows every method, none chosen and none choosable", () => {
    render(<Fields values={EMPTY_ADVANCE} codApproved={false} showFields={false} />);
    expect(radios().every((radio) => radio.disabled && !radio.checked)).toBe(true);
  });
});

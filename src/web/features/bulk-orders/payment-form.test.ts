import { describe, expect, it } from "vitest";
import {
  checkPaymentForm,
  EMPTY_PAYMENT_FORM,
  type PaymentForm,
  toBulkPayment,
} from "./payment-form.ts";

const form = (patch: Partial<PaymentForm>): PaymentForm => ({ ...EMPTY_PAYMENT_FORM, ...patch });
const card = {
  cardNumber: "4111 1111 1111 1111",
  cardName: "Meera Nayak",
  cardExpiry: "12/39",
  cardCvv: "123",
};

describe("the advance-payment card's checks", () => {
  it("asks for every card field with the spec's message, before any format", () => {
    expect(checkPaymentForm(form({ cardNumber: "12" }))).toEqual([
      { field: "cardName", message: "Please fill all credit card details" },
      { field: "cardExpiry", message: "Please fill all credit card details" },
      { field: "cardCvv", message: "Please fill all credit card details" },
    ]);
  });

  it("then checks the card's formats", () => {
    expect(checkPaymentForm(form({ ...card, cardNumber: "4111 1111 1111 1112" }))).toEqual([
      { field: "cardNumber", message: "Please enter a valid card number" },
    ]);
    expect(checkPaymentForm(form(card))).toEqual([]);
  });

  it("needs a UPI ID, shared by the three apps, and a bank for net banking", () => {
    expect(checkPaymentForm(form({ method: "upi", upiApp: "phonepe" }))).toEqual([
      { field: "upiId", message: "Please enter your UPI ID" },
    ]);
    expect(checkPaymentForm(form({ method: "upi", upiId: "meera@ybl" }))).toEqual([]);
    expect(checkPaymentForm(form({ method: "net_banking" }))).toEqual([
      { field: "bank", message: "Please select your bank" },
    ]);
    expect(checkPaymentForm(form({ method: "cash_on_delivery" }))).toEqual([]);
  });

  it("sends only the chosen method's fields", () => {
    expect(toBulkPayment(form({ ...card, method: "upi", upiApp: "other", upiId: "a@b" }))).toEqual({
      method: "upi",
      upiApp: "other",
      upiId: "a@b",
    });
    expect(toBulkPayment(form({ ...card, method: "net_banking", bank: "sbi" }))).toEqual({
      method: "net_banking",
      bank: "sbi",
    });
    expect(toBulkPayment(form({ ...card, method: "cash_on_delivery" }))).toEqual({
      method: "cash_on_delivery",
    });
  });
});

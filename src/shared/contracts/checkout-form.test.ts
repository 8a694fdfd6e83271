import { describe, expect, it } from "vitest";
import { CHECKOUT_MESSAGES } from "./checkout.ts";
import {
  type CheckoutForm,
  checkCheckoutForm,
  EMPTY_CHECKOUT_FORM,
  toPlaceOrderInput,
} from "./checkout-form.ts";

const items = [{ productId: "mangoes", quantity: 2 }];
const filled: CheckoutForm = {
  ...EMPTY_CHECKOUT_FORM,
  firstName: "Asha",
  lastName: "Das",
  email: "asha@example.in",
  phone: "98765 43210",
  address: "12 Janpath",
  pincode: "751007",
  paymentMethod: "cash",
};
const first = (form: CheckoutForm) => checkCheckoutForm(form, items)[0];

describe("checkout form", () => {
  it("accepts a complete cash-on-delivery form", () => {
    expect(checkCheckoutForm(filled, items)).toEqual([]);
  });

  it("asks for the required fields first, whatever else is wrong", () => {
    expect(first({ ...filled, firstName: " ", cardNumber: "x", paymentMethod: "card" })).toEqual({
      field: "firstName",
      message: CHECKOUT_MESSAGES.required,
    });
    for (const field of ["email", "phone", "address", "city", "state", "pincode"] as const) {
      expect(first({ ...filled, [field]: "" })?.message).toBe("Please fill in all required fields");
    }
  });

  it("then asks for the chosen method's details with the spec's messages", () => {
    expect(first({ ...filled, paymentMethod: "card" })?.message).toBe(
      "Please fill in all card details",
    );
    expect(first({ ...filled, paymentMethod: "gpay" })?.message).toBe(
      "Please fill in all Google Pay details",
    );
    expect(first({ ...filled, paymentMethod: "phonepe" })?.message).toBe(
      "Please fill in all PhonePe details",
    );
    expect(first({ ...filled, paymentMethod: "upi" })?.message).toBe("Please enter your UPI ID");
  });

  it("then checks formats with their own messages, on the right field", () => {
    expect(first({ ...filled, email: "asha" })).toEqual({
      field: "email",
      message: CHECKOUT_MESSAGES.email,
    });
    expect(first({ ...filled, phone: "12345" })).toEqual({
      field: "phone",
      message: CHECKOUT_MESSAGES.phone,
    });
    expect(first({ ...filled, pincode: "75100" })).toEqual({
      field: "pincode",
      message: CHECKOUT_MESSAGES.pincode,
    });
    const card = {
      ...filled,
      paymentMethod: "card" as const,
      cardNumber: "4111111111111111",
      cardName: "Asha",
      cardExpiry: "12/30",
      cardCvv: "123",
    };
    expect(checkCheckoutForm(card, items)).toEqual([]);
    expect(first({ ...card, cardNumber: "4111111111111112" })?.field).toBe("cardNumber");
    expect(first({ ...card, cardExpiry: "01/20" })?.field).toBe("cardExpiry");
    expect(first({ ...card, cardCvv: "12" })?.field).toBe("cardCvv");
    const gpay = {
      ...filled,
      paymentMethod: "gpay" as const,
      googlePayNumber: "9876543210",
      googlePayUpi: "asha",
    };
    expect(first(gpay)).toEqual({ field: "googlePayUpi", message: CHECKOUT_MESSAGES.upiId });
    expect(first({ ...gpay, googlePayUpi: "asha@okaxis", googlePayNumber: "123" })?.field).toBe(
      "googlePayNumber",
    );
  });

  it("sends only the chosen method's fields", () => {
    const request = toPlaceOrderInput(
      { ...filled, paymentMethod: "upi", upiId: "asha@upi", cardNumber: "4111" },
      items,
    );
    expect(request.payment).toEqual({ method: "upi", upiId: "asha@upi" });
    expect(JSON.stringify(request)).not.toContain("4111");
  });
});

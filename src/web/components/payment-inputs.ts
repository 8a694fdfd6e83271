import type { InputHTMLAttributes } from "react";
import { CHECKOUT_LIMITS } from "../../shared/contracts/checkout.ts";

/**
 * How a card's and a UPI ID's inputs behave wherever the store takes a payment (checkout, the
 * bulk advance): the keyboard phones show, what autofill offers, the CVV masked, the lengths.
 */
export const PAYMENT_INPUTS = {
  cardNumber: {
    inputMode: "numeric",
    autoComplete: "cc-number",
    placeholder: "1234 5678 9012 3456",
    maxLength: 23,
  },
  cardName: { autoComplete: "cc-name", maxLength: CHECKOUT_LIMITS.cardName },
  cardExpiry: { autoComplete: "cc-exp", placeholder: "MM/YY", maxLength: 5 },
  cardCvv: { type: "password", inputMode: "numeric", autoComplete: "cc-csc", maxLength: 3 },
  upiId: { autoComplete: "off", maxLength: CHECKOUT_LIMITS.upiId },
} as const satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

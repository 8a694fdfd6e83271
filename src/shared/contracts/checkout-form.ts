import type { PaymentMethod, PlaceOrderInput } from "./checkout.ts";
import { CHECKOUT_MESSAGES, placeOrderSchema } from "./checkout.ts";

/** The checkout form's fields, named as in the spec. */
export type CheckoutForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  paymentMethod: PaymentMethod;
  notes: string;
  cardNumber: string;
  cardName: string;
  cardExpiry: string;
  cardCvv: string;
  upiId: string;
  googlePayNumber: string;
  googlePayUpi: string;
  phonePeNumber: string;
  phonePeUpi: string;
};

export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  address: "",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "",
  paymentMethod: "card",
  notes: "",
  cardNumber: "",
  cardName: "",
  cardExpiry: "",
  cardCvv: "",
  upiId: "",
  googlePayNumber: "",
  googlePayUpi: "",
  phonePeNumber: "",
  phonePeUpi: "",
};

export type FormProblem = { field: keyof CheckoutForm; message: string };

const blank = (value: string) => value.trim() === "";

/** Where each field of the API request is typed on the form. */
const FORM_FIELD_OF: Record<string, keyof CheckoutForm> = {
  "contact.firstName": "firstName",
  "contact.lastName": "lastName",
  "contact.email": "email",
  "contact.phone": "phone",
  "delivery.address": "address",
  "delivery.city": "city",
  "delivery.state": "state",
  "delivery.pincode": "pincode",
  notes: "notes",
  "payment.card.number": "cardNumber",
  "payment.card.name": "cardName",
  "payment.card.expiry": "cardExpiry",
  "payment.card.cvv": "cardCvv",
};

/** The form field behind a field path in an API error, for pointing the shopper at it. */
export function formFieldOf(method: PaymentMethod, path: string): keyof CheckoutForm | undefined {
  return FORM_FIELD_OF[path] ?? paymentFieldOf(method, path);
}

function paymentFieldOf(method: PaymentMethod, path: string): keyof CheckoutForm | undefined {
  if (path === "payment.upiId") {
    return method === "gpay" ? "googlePayUpi" : method === "phonepe" ? "phonePeUpi" : "upiId";
  }
  if (path === "payment.phone") return method === "gpay" ? "googlePayNumber" : "phonePeNumber";
  return undefined;
}

export function toPlaceOrderInput(
  form: CheckoutForm,
  items: PlaceOrderInput["items"],
): PlaceOrderInput {
  const payment: PlaceOrderInput["payment"] =
    form.paymentMethod === "card"
      ? {
          method: "card",
          card: {
            number: form.cardNumber,
            name: form.cardName,
            expiry: form.cardExpiry,
            cvv: form.cardCvv,
          },
        }
      : form.paymentMethod === "upi"
        ? { method: "upi", upiId: form.upiId }
        : form.paymentMethod === "gpay"
          ? { method: "gpay", phone: form.googlePayNumber, upiId: form.googlePayUpi }
          : form.paymentMethod === "phonepe"
            ? { method: "phonepe", phone: form.phonePeNumber, upiId: form.phonePeUpi }
            : { method: "cash" };
  return {
    contact: {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
    },
    delivery: { address: form.address, city: form.city, state: form.state, pincode: form.pincode },
    notes: form.notes,
    payment,
    items,
  };
}

/**
 * Checks the form as the spec orders it: missing contact and address fields first, then the
 * chosen payment method's missing fields, then every format, through the same schema the
 * server parses. Returns the problems in that order; the first is the one to announce.
 */
export function checkCheckoutForm(
  form: CheckoutForm,
  items: PlaceOrderInput["items"],
): FormProblem[] {
  const missing = (
    ["firstName", "email", "phone", "address", "city", "state", "pincode"] as const
  ).filter((field) => blank(form[field]));
  if (missing.length > 0) {
    return missing.map((field) => ({ field, message: CHECKOUT_MESSAGES.required }));
  }
  const methodFields: Partial<Record<PaymentMethod, [(keyof CheckoutForm)[], string]>> = {
    card: [["cardNumber", "cardName", "cardExpiry", "cardCvv"], CHECKOUT_MESSAGES.card],
    gpay: [["googlePayNumber", "googlePayUpi"], CHECKOUT_MESSAGES.gpay],
    phonepe: [["phonePeNumber", "phonePeUpi"], CHECKOUT_MESSAGES.phonepe],
    upi: [["upiId"], CHECKOUT_MESSAGES.upi],
  };
  const required = methodFields[form.paymentMethod];
  if (required) {
    const [fields, message] = required;
    const empty = fields.filter((field) => blank(form[field]));
    if (empty.length > 0) return empty.map((field) => ({ field, message }));
  }
  const parsed = placeOrderSchema.safeParse(toPlaceOrderInput(form, items));
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const path = issue.path.join(".");
    const field = formFieldOf(form.paymentMethod, path);
    return field ? [{ field, message: issue.message }] : [];
  });
}

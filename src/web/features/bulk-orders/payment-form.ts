import {
  type Bank,
  BULK_PAYMENT_MESSAGES,
  type BulkPaymentInput,
  type BulkPaymentMethod,
  bulkPaymentSchema,
  type UPI_APPS,
} from "../../../shared/contracts/bulk-orders.ts";

export type UpiApp = (typeof UPI_APPS)[number];

/** The advance-payment card's fields. The three UPI apps share one UPI ID, as the spec says. */
export type PaymentForm = {
  method: BulkPaymentMethod;
  cardNumber: string;
  cardName: string;
  cardExpiry: string;
  cardCvv: string;
  upiApp: UpiApp;
  upiId: string;
  bank: Bank | "";
};

export const EMPTY_PAYMENT_FORM: PaymentForm = {
  method: "credit_card",
  cardNumber: "",
  cardName: "",
  cardExpiry: "",
  cardCvv: "",
  upiApp: "gpay",
  upiId: "",
  bank: "",
};

export type PaymentField = Exclude<keyof PaymentForm, "method" | "upiApp">;
export type PaymentProblem = { field: PaymentField; message: string };

/** Where each field of the API request (and of the server's errors) is typed on the card. */
const FIELD_OF_PATH: Record<string, PaymentField> = {
  "card.number": "cardNumber",
  "card.name": "cardName",
  "card.expiry": "cardExpiry",
  "card.cvv": "cardCvv",
  upiId: "upiId",
  bank: "bank",
};

export const paymentFieldOf = (path: string): PaymentField | undefined => FIELD_OF_PATH[path];

export function toBulkPayment(form: PaymentForm): BulkPaymentInput {
  switch (form.method) {
    case "credit_card":
      return {
        method: "credit_card",
        card: {
          number: form.cardNumber,
          name: form.cardName,
          expiry: form.cardExpiry,
          cvv: form.cardCvv,
        },
      };
    case "upi":
      return { method: "upi", upiApp: form.upiApp, upiId: form.upiId };
    case "net_banking":
      return { method: "net_banking", bank: form.bank as Bank };
    case "cash_on_delivery":
      return { method: "cash_on_delivery" };
  }
}

const blank = (value: string) => value.trim() === "";

/**
 * The chosen method's missing fields first, with the spec's message, then every format through
 * the schema the server parses again. The first problem is the one to announce.
 */
export function checkPaymentForm(form: PaymentForm): PaymentProblem[] {
  const required: Partial<Record<BulkPaymentMethod, [PaymentField[], string]>> = {
    credit_card: [["cardNumber", "cardName", "cardExpiry", "cardCvv"], BULK_PAYMENT_MESSAGES.card],
    upi: [["upiId"], BULK_PAYMENT_MESSAGES.upi],
    net_banking: [["bank"], BULK_PAYMENT_MESSAGES.bank],
  };
  const needed = required[form.method];
  if (needed) {
    const [fields, message] = needed;
    const empty = fields.filter((field) => blank(form[field]));
    if (empty.length > 0) return empty.map((field) => ({ field, message }));
  }
  const parsed = bulkPaymentSchema.safeParse(toBulkPayment(form));
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const field = paymentFieldOf(issue.path.join("."));
    return field ? [{ field, message: issue.message }] : [];
  });
}

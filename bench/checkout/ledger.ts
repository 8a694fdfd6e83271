// Everything the buyers were told, kept to check the database against after the server stops.
import type { Items, PaymentKind } from "./load-model.ts";

export type Acknowledged = {
  orderNumber: string;
  totalPaise: number;
  items: Items;
  payment: PaymentKind;
  /** Online orders: the provider order of the 201's checkout session. */
  providerOrderId: string | undefined;
};

export type Ledger = {
  /** Idempotency-Key → the order the server acknowledged (201). */
  acknowledged: Map<string, Acknowledged>;
  /** orderNumber → the key it was acknowledged for (a second key for one number is a duplicate). */
  keyByOrderNumber: Map<string, string>;
  duplicateAcknowledgements: string[];
  /** `short`: the products the answer said ran out. */
  outOfStock: { key: string; items: Items; short: string[] }[];
  /**
   * orderNumber → the provider's payment the store accepted: verify 200, or 202 and then the
   * order read as paid (the webhook took it).
   */
  paid: Map<string, { paymentId: string; providerOrderId: string; via: "200" | "202" }>;
  /** Orders whose payment the provider declined (402): left awaiting payment. */
  declined: string[];
  /**
   * Answers that contradict the flow: a 201 in the wrong state or without its checkout, a
   * declining instrument approved or an approving one declined, a payment report refused, a
   * verify 200 whose order is not placed and paid.
   */
  flowSurprises: string[];
  replays: { key: string; status: number; same: boolean; detail: string }[];
  verifyReplays: { orderNumber: string; status: number; same: boolean; detail: string }[];
  /** Calls whose answer was lost (network error or 5xx): the outcome is unknown. */
  unknown: string[];
};

export function emptyLedger(): Ledger {
  return {
    acknowledged: new Map(),
    keyByOrderNumber: new Map(),
    duplicateAcknowledgements: [],
    outOfStock: [],
    paid: new Map(),
    declined: [],
    flowSurprises: [],
    replays: [],
    verifyReplays: [],
    unknown: [],
  };
}

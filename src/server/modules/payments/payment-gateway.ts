import type { PaymentMethod } from "../../../shared/contracts/checkout.ts";

export type PaymentInstrument =
  | { kind: "card"; number: string; expiry: string; cvv: string; name: string }
  | { kind: "upi"; upiId: string; phone?: string | undefined };

export type ChargeRequest = {
  method: Exclude<PaymentMethod, "cash">;
  amountPaise: number;
  instrument: PaymentInstrument;
  /** The checkout's Idempotency-Key: a gateway charges one reference once. */
  reference: string;
  description: string;
};

export type ChargeResult =
  | { outcome: "approved"; transactionId: string; instrumentSummary: string }
  | { outcome: "declined"; reason: string; instrumentSummary: string };

/**
 * What the store needs from a payment provider. The built-in test gateway implements it; a real
 * provider's adapter plugs in behind the same three calls.
 */
export interface PaymentGateway {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(transactionId: string, amountPaise: number): Promise<void>;
}

export type PaymentInstrument =
  | { kind: "card"; number: string; expiry: string; cvv: string; name: string }
  | { kind: "upi"; upiId: string; phone?: string | undefined }
  | { kind: "net_banking"; bank: string; bankName: string };

export type ChargeRequest = {
  /** The store's name for the method the shopper chose, e.g. "card", "gpay", "net_banking". */
  method: string;
  amountPaise: number;
  instrument: PaymentInstrument;
  /** What is being paid for: a gateway charges one reference once (a declined try may retry). */
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
  /**
   * Gives back part or all of a charge. A `reference` names the refund: the provider makes one
   * refund per reference however often it is asked, so a retry after a crash never pays twice.
   */
  refund(transactionId: string, amountPaise: number, reference?: string): Promise<void>;
}

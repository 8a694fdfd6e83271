import { randomUUID } from "node:crypto";
import { cardSummary } from "./card-brand.ts";
import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  PaymentInstrument,
} from "./payment-gateway.ts";

/**
 * Published test instruments, like a real gateway's test mode. Any other valid card or UPI ID
 * is approved; these decline with the reason a shopper would see from their bank.
 */
export const DECLINING_CARDS: Record<string, string> = {
  "4000000000000002": "Your card was declined by the bank.",
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
};
export const DECLINING_UPI_IDS: Record<string, string> = {
  "failure@upi": "The UPI payment was declined by your bank.",
  "insufficient@upi": "Your bank account has insufficient funds.",
};
export const APPROVING_TEST_CARD = "4111111111111111";
export const APPROVING_TEST_UPI = "success@upi";

function testOutcome(instrument: PaymentInstrument): {
  summary: string;
  reason?: string | undefined;
} {
  switch (instrument.kind) {
    case "card":
      return {
        summary: cardSummary(instrument.number),
        reason: DECLINING_CARDS[instrument.number],
      };
    case "upi":
      return {
        summary: `UPI ${instrument.upiId}`,
        reason: DECLINING_UPI_IDS[instrument.upiId.toLowerCase()],
      };
    case "net_banking":
      // Every bank approves in test mode; cards and UPI IDs carry the declining test cases.
      return { summary: `Net banking, ${instrument.bankName}` };
  }
}

/** How many recent references the gateway remembers for its charge-once promise. */
const REMEMBERED_REFERENCES = 10_000;

/** The test gateway's name, by which a real store recognises and refuses it. */
export const TEST_GATEWAY_NAME = "test";

export type TestGateway = PaymentGateway & {
  charges: number;
  /** Refunds actually paid out, in order: what a shopper's bank statement would show. */
  refunds: { transactionId: string; amountPaise: number; reference?: string | undefined }[];
};

export function createTestGateway(): TestGateway {
  const approved = new Map<string, ChargeResult>();
  const refunded = new Set<string>();
  const gateway: TestGateway = {
    name: TEST_GATEWAY_NAME,
    charges: 0,
    refunds: [],
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      // A reference is charged once: asking again returns the first answer.
      const previous = approved.get(request.reference);
      if (previous) return previous;
      gateway.charges++;
      const { instrument } = request;
      const { summary, reason } = testOutcome(instrument);
      if (reason) return { outcome: "declined", reason, instrumentSummary: summary };
      const result: ChargeResult = {
        outcome: "approved",
        transactionId: `test_${randomUUID()}`,
        instrumentSummary: summary,
      };
      approved.set(request.reference, result);
      if (approved.size > REMEMBERED_REFERENCES) approved.delete(approved.keys().next().value!);
      return result;
    },
    async refund(transactionId, amountPaise, reference): Promise<void> {
      // A reference is refunded once, like the charge-once promise above.
      if (reference !== undefined) {
        if (refunded.has(reference)) return;
        refunded.add(reference);
      }
      gateway.refunds.push({ transactionId, amountPaise, reference });
      if (gateway.refunds.length > REMEMBERED_REFERENCES) gateway.refunds.shift();
    },
  };
  return gateway;
}

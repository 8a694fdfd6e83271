import type { FastifyBaseLogger } from "fastify";
import { PAYMENT_MESSAGES, type PaymentProofInput } from "../../../shared/contracts/payments.ts";
import { AppError } from "../../http/app-error.ts";
import { type PaymentGateway, ProviderUnavailable } from "./payment-gateway.ts";
import type { CapturedPayment } from "./payment-intake.ts";

/**
 * The provider checkout's answer, believed only on its signature over the provider order id the
 * store stored for what is being paid (never the one the browser sent). Then the provider is
 * asked what it took; if it does not answer, the signature stands on its own (the webhook fills
 * in the rest).
 */
export async function capturedFromCheckout(
  gateway: PaymentGateway | undefined,
  log: Pick<FastifyBaseLogger, "warn">,
  storedProviderOrderId: string | null,
  proof: PaymentProofInput,
): Promise<CapturedPayment> {
  const paymentId = proof.razorpay_payment_id;
  if (
    !gateway ||
    !storedProviderOrderId ||
    !gateway.verifyPayment(storedProviderOrderId, {
      paymentId,
      signature: proof.razorpay_signature,
    })
  ) {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.notVerified, "payment");
  }
  try {
    const payment = await gateway.fetchPayment(paymentId);
    if (payment.providerOrderId !== storedProviderOrderId || payment.status === "failed") {
      throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.notVerified, "payment");
    }
    return {
      paymentId,
      providerOrderId: storedProviderOrderId,
      amountPaise: payment.amountPaise,
      summary: payment.summary,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const unavailable = error instanceof ProviderUnavailable;
    log.warn(
      { paymentId, unavailable },
      "the provider did not describe a signed payment; taking it on its signature",
    );
    return { paymentId, providerOrderId: storedProviderOrderId, amountPaise: null, summary: null };
  }
}

import type { FastifyBaseLogger } from "fastify";
import { PAYMENT_MESSAGES, type PaymentReport } from "../../../shared/contracts/payments.ts";
import { AppError } from "../../http/app-error.ts";
import type { PaymentGateway } from "./payment-gateway.ts";
import type { CapturedPayment } from "./payment-intake.ts";

/**
 * The provider checkout's answer, believed only on its signature over the provider order id the
 * store stored for what is being paid (never the one the browser sent). A signature proves the
 * payment was authorised, not that the money was taken: the provider is asked, and only a
 * captured payment of that provider order is taken. Undefined when it is not captured yet, or
 * the provider does not answer: the webhook will tell (payment.captured), and the page waits.
 */
export async function capturedFromCheckout(
  gateway: PaymentGateway | undefined,
  log: Pick<FastifyBaseLogger, "warn">,
  storedProviderOrderId: string | null,
  proof: PaymentReport,
): Promise<CapturedPayment | undefined> {
  const paymentId = proof.paymentId;
  if (
    !gateway ||
    !storedProviderOrderId ||
    !gateway.verifyPayment(storedProviderOrderId, {
      paymentId,
      signature: proof.signature,
    })
  ) {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.notVerified, "payment");
  }
  let payment: Awaited<ReturnType<PaymentGateway["fetchPayment"]>>;
  try {
    payment = await gateway.fetchPayment(paymentId);
  } catch (error) {
    log.warn(
      { paymentId, err: error instanceof Error ? error.message : String(error) },
      "the provider did not describe a signed payment; its webhook will",
    );
    return undefined;
  }
  if (payment.providerOrderId !== storedProviderOrderId || payment.status === "failed") {
    throw new AppError("BAD_REQUEST", PAYMENT_MESSAGES.notVerified, "payment");
  }
  if (payment.status !== "captured") return undefined;
  return {
    paymentId,
    providerOrderId: storedProviderOrderId,
    amountPaise: payment.amountPaise,
    summary: payment.summary,
  };
}

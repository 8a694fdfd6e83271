import type { FastifyBaseLogger } from "fastify";
import {
  PAYMENT_MESSAGES,
  type PaymentReport,
  type PaymentReportBody,
  paymentReportSchema,
} from "../../../shared/contracts/payments.ts";
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

/**
 * The report a payment route was sent: the store's own, or the provider checkout's answer as its
 * checkout handed it over, which only the provider's gateway can read. One it cannot read is
 * refused as a malformed report is.
 */
export function paymentReportOf(
  gateway: PaymentGateway | undefined,
  body: PaymentReportBody,
): PaymentReport {
  const own = paymentReportSchema.safeParse(body);
  if (own.success) return own.data;
  const report = gateway?.reportOf(body as Record<string, string>);
  if (report) return report;
  const message = PAYMENT_MESSAGES.unreadableAnswer;
  throw new AppError("VALIDATION_FAILED", `body: ${message}`, "body", {
    issues: [{ field: "body", message }],
  });
}

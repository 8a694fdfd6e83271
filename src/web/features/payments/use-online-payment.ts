import { useCallback, useRef, useState } from "react";
import type { CheckoutSession, PaymentReport } from "../../../shared/contracts/payments.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { openProviderCheckout } from "./open-provider-checkout.ts";

/** Where one online payment stands, for the buttons ("Processing...") and the outcome panel. */
export type PaymentState =
  | { status: "idle" }
  | { status: "processing" }
  | { status: "paid" }
  | { status: "cancelled" }
  | { status: "failed"; reason: string };

export type PaymentResult<T> =
  | { outcome: "paid"; answer: T }
  | { outcome: "dismissed" }
  /** `error` is set when the store refused or did not answer (not when the provider declined). */
  | { outcome: "failed"; reason: string; error?: unknown };

const IDLE: PaymentState = { status: "idle" };

/**
 * One online payment, the same for an order and a bulk advance: the store's checkout session,
 * the provider's checkout, then the provider's answer reported to the store, which verifies it
 * and answers with the paid record. A second press while one runs is ignored.
 */
export function useOnlinePayment() {
  // The provider's window is drawn in the page's language.
  const { i18n } = useLingui();
  const [state, setState] = useState<PaymentState>(IDLE);
  const running = useRef(false);

  const pay = useCallback(
    async <T>({
      session,
      report,
    }: {
      /** The session, or how to ask the store for it (Try again, Pay now). */
      session: CheckoutSession | (() => Promise<CheckoutSession>);
      report(proof: PaymentReport): Promise<T>;
    }): Promise<PaymentResult<T> | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setState({ status: "processing" });
      try {
        const opened = await openProviderCheckout(
          typeof session === "function" ? await session() : session,
          i18n,
        );
        if (opened.outcome === "dismissed") {
          setState({ status: "cancelled" });
          return opened;
        }
        if (opened.outcome === "failed") {
          setState({ status: "failed", reason: opened.reason });
          return opened;
        }
        const answer = await report(opened.proof);
        setState({ status: "paid" });
        return { outcome: "paid", answer };
      } catch (error) {
        const reason = errorMessage(error);
        setState({ status: "failed", reason });
        return { outcome: "failed", reason, error };
      } finally {
        running.current = false;
      }
    },
    [i18n],
  );

  const reset = useCallback(() => setState(IDLE), []);
  /** Something around the payment went wrong (e.g. paying cash instead was refused). */
  const fail = useCallback((reason: string) => setState({ status: "failed", reason }), []);

  return { state, pay, reset, fail, processing: state.status === "processing" };
}

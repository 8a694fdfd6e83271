import * as RadixDialog from "@radix-ui/react-dialog";
import { ShieldCheck, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { type CheckoutSession, PAYMENT_LABELS } from "../../../shared/contracts/payments.ts";
import { isLocale, pathIn } from "../../../shared/i18n/locales.ts";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { formatRupees } from "../../../shared/money.ts";
import { I18nProvider, useLingui } from "../../lib/i18n/react-binding.tsx";
import { createShopI18n } from "../../lib/i18n/shop-i18n.ts";
import type { ProviderOutcome } from "./provider-outcome.ts";
import { checkoutMessageOf } from "./test-checkout-messages.ts";

/**
 * The test provider's checkout page for this session, opened at the method the shopper chose and
 * in the language of the page that asked for it ("/or/test-checkout/..."; English unprefixed).
 */
export function testCheckoutUrl(session: CheckoutSession, locale: string): string {
  const query = new URLSearchParams({ method: session.method });
  if (session.upiApp) query.set("upiApp", session.upiApp);
  const page = `${session.params.pagePath ?? "/test-checkout"}/${encodeURIComponent(session.providerOrderId)}?${query}`;
  return isLocale(locale) ? pathIn(locale, page) : page;
}

/**
 * The test provider's checkout in a modal frame, as Razorpay opens its own. A decline keeps the
 * window open for another try (as Razorpay does) and is reported if the shopper then closes it.
 */
function TestCheckoutDialog({
  session,
  onDone,
}: {
  session: CheckoutSession;
  onDone(outcome: ProviderOutcome): void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(true);
  const frame = useRef<HTMLIFrameElement>(null);
  const lastFailure = useRef<string | null>(null);

  const finish = useCallback(
    (outcome: ProviderOutcome) => {
      setOpen(false);
      onDone(outcome);
    },
    [onDone],
  );
  const dismiss = useCallback(
    () =>
      finish(
        lastFailure.current
          ? { outcome: "failed", reason: lastFailure.current }
          : { outcome: "dismissed" },
      ),
    [finish],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = checkoutMessageOf(event, frame.current?.contentWindow);
      if (message?.type === "paid") finish({ outcome: "paid", proof: message.proof });
      if (message?.type === "failed") lastFailure.current = message.reason;
      if (message?.type === "dismissed") dismiss();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [finish, dismiss]);

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && dismiss()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[80] bg-ink-900/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          // A click beside a payment window must not throw away what was typed in it.
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            frame.current?.focus();
          }}
          // The page that asked for the payment moves the focus (to its outcome, or onwards).
          onCloseAutoFocus={(event) => event.preventDefault()}
          className="fixed inset-0 z-[90] flex flex-col bg-cream-50 shadow-card sm:inset-auto sm:left-1/2 sm:top-1/2 sm:h-[min(760px,94dvh)] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:overflow-hidden sm:rounded-3xl"
        >
          <div className="flex items-start justify-between gap-3 border-b border-cream-200 px-5 py-3">
            <div className="min-w-0">
              <RadixDialog.Title className="flex items-center gap-2 font-display text-xl font-bold text-ink-900">
                <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-600" />
                {i18n._(PAYMENT_LABELS.testPayment)}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-0.5 text-sm text-ink-500">
                {formatRupees(session.amountPaise)} · {session.description}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="rounded-full p-2 text-ink-500 hover:bg-brand-50 hover:text-brand-700"
              aria-label={i18n._(PAYMENT_LABELS.closeWindow)}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <iframe
            ref={frame}
            title={i18n._(PAYMENT_LABELS.testCheckoutFrame)}
            src={testCheckoutUrl(session, i18n.locale)}
            className="w-full flex-1 border-0 bg-cream-100"
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Opens the window in a React root of its own, so any page (or none) can ask for a payment; in
 * the asking page's language (`i18n`, its translator), English without one.
 */
export function openTestCheckout(session: CheckoutSession, i18n?: I18n): Promise<ProviderOutcome> {
  return new Promise((resolve) => {
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    let settled = false;
    const onDone = (outcome: ProviderOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
      // After the dialog has closed and handed the focus back.
      window.setTimeout(() => {
        root.unmount();
        host.remove();
      }, 0);
    };
    root.render(
      <I18nProvider i18n={i18n ?? createShopI18n("en")}>
        <TestCheckoutDialog session={session} onDone={onDone} />
      </I18nProvider>,
    );
  });
}

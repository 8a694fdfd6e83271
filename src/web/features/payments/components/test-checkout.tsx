import { CheckCircle2, FlaskConical, Lock, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { UPI_APP_LABELS } from "../../../../shared/contracts/bulk-orders.ts";
import { PAYMENT_LABELS, PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import type { TestProviderOrder } from "../../../../shared/contracts/test-provider.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { digitsOnly } from "../../../../shared/rules/formats.ts";
import {
  bankName,
  TEST_CHECKOUT_METHOD_LABELS,
  TEST_CHECKOUT_METHODS,
  type TestCheckoutChoice,
  type TestCheckoutForm,
  type TestCheckoutMethod,
  testCheckoutFormSchema,
} from "../../../../shared/rules/test-checkout-form.ts";
import {
  type TestPaymentAttempt,
  testCardAttempt,
  testNetBankingAttempt,
  testUpiAttempt,
} from "../../../../shared/rules/test-payments.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { payTestProviderOrder, useTestProviderOrder } from "../api/test-provider.ts";
import { PaymentMethodChoice } from "../payment-method-choice.tsx";
import { tellStore } from "../test-checkout-messages.ts";
import { BankField, CardFields, UpiFields } from "./test-checkout-fields.tsx";

type UpiApp = "gpay" | "phonepe";

const checks = schemaChecks(testCheckoutFormSchema);

/** What the provider is told: the instrument's summary and its published outcome, nothing typed. */
function attemptOf(choice: TestCheckoutChoice): TestPaymentAttempt {
  if (choice.method === "card") return testCardAttempt(digitsOnly(choice.card.number));
  if (choice.method === "upi") return testUpiAttempt(choice.upiId);
  return testNetBankingAttempt(bankName(choice.bank));
}

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-md px-4 py-5 sm:px-6">{children}</div>;
}

/**
 * The test provider's own checkout page, shown in the store's payment window: it takes a card,
 * a UPI ID or a bank, checks them here, and pays with the matching published test instrument.
 */
export function TestCheckout({
  providerOrderId,
  method,
  upiApp,
}: {
  providerOrderId: string;
  method: TestCheckoutMethod;
  upiApp?: UpiApp | undefined;
}) {
  const { i18n } = useLingui();
  const order = useTestProviderOrder(providerOrderId);
  // Escape pressed in here never reaches the store's window around this frame: pass it on.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) tellStore({ type: "dismissed" });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (order.isPending) {
    return (
      <Frame>
        <div className="flex justify-center py-16">
          <Spinner label={i18n._("Loading the payment")} />
        </div>
      </Frame>
    );
  }
  if (order.isError) {
    return (
      <Frame>
        <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-800">
          {i18n._(errorMessage(order.error))}
        </p>
        <CancelButton />
      </Frame>
    );
  }
  return (
    <Frame>
      <Summary order={order.data} />
      {order.data.paid ? (
        <p role="status" className="mt-5 rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
          {i18n._(PAYMENT_MESSAGES.alreadyPaid)}
        </p>
      ) : (
        <PaymentForm order={order.data} method={method} upiApp={upiApp} />
      )}
    </Frame>
  );
}

function Summary({ order }: { order: TestProviderOrder }) {
  const { i18n } = useLingui();
  return (
    <header>
      <p className="inline-flex items-center gap-1.5 rounded-full bg-saffron-400/25 px-3 py-1 text-xs font-semibold text-saffron-800">
        <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" />
        {i18n._(PAYMENT_LABELS.testProvider)}
      </p>
      <h1 className="mt-3 text-sm font-semibold text-ink-500">{STORE.name}</h1>
      <p className="font-display text-3xl font-bold text-ink-900" data-testid="test-amount">
        {formatRupees(order.amountPaise)}
      </p>
      <p className="text-sm text-ink-500">
        {i18n._(PAYMENT_LABELS.receipt)} <span data-testid="test-receipt">{order.receipt}</span>
      </p>
      <p className="mt-4 rounded-2xl bg-saffron-400/15 p-3 text-xs leading-relaxed text-ink-700">
        {i18n._(PAYMENT_MESSAGES.testProvider)}
      </p>
    </header>
  );
}

function CancelButton({ disabled = false }: { disabled?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Button
      variant="ghost"
      className="mt-3 w-full"
      disabled={disabled}
      onClick={() => tellStore({ type: "dismissed" })}
    >
      {i18n._(PAYMENT_LABELS.cancelPayment)}
    </Button>
  );
}

function PaymentForm({
  order,
  method,
  upiApp,
}: {
  order: TestProviderOrder;
  method: TestCheckoutMethod;
  upiApp?: UpiApp | undefined;
}) {
  const { i18n } = useLingui();
  const [declined, setDeclined] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  // A decline is said below the form: on a phone it has to be brought into view.
  const declinedAlert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (declined) declinedAlert.current?.scrollIntoView?.({ block: "nearest" });
  }, [declined]);
  const empty: TestCheckoutForm = {
    method,
    card: { number: "", name: "", expiry: "", cvv: "" },
    upiId: "",
    bank: "",
  };
  const form = useCheckedForm(checks, { defaultValues: empty });
  const { errors, isSubmitting } = form.formState;
  const chosen = useWatch({ control: form.control, name: "method" });

  const onSubmit = form.handleSubmit(async (choice) => {
    setDeclined(null);
    try {
      const proof = await payTestProviderOrder(order.providerOrderId, attemptOf(choice));
      setPaid(true);
      tellStore({ type: "paid", proof });
    } catch (error) {
      // The store learns of it too, and shows it if the shopper gives up here.
      const reason = errorMessage(error);
      setDeclined(reason);
      tellStore({ type: "failed", reason });
    }
  });

  if (paid) {
    return (
      <p
        role="status"
        className="mt-5 flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm font-semibold text-brand-800"
      >
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
        {i18n._(PAYMENT_MESSAGES.paid)}
      </p>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={i18n._("Payment details")}
      aria-busy={isSubmitting}
      className="mt-5 space-y-5"
    >
      <PaymentMethodChoice
        name="method"
        legend={i18n._(PAYMENT_LABELS.payWith)}
        options={TEST_CHECKOUT_METHODS.map((value) => ({
          value,
          label: i18n._(TEST_CHECKOUT_METHOD_LABELS[value]),
        }))}
        value={chosen}
        onChange={(next) => {
          form.setValue("method", next);
          form.clearErrors();
          setDeclined(null);
        }}
        columns="grid-cols-3"
        compact
      />
      {chosen === "card" && <CardFields register={form.register} errors={errors} />}
      {chosen === "upi" && (
        <div className="space-y-2">
          {upiApp && (
            <p className="text-sm text-ink-700">
              {i18n._(PAYMENT_MESSAGES.upiApp, { app: i18n._(UPI_APP_LABELS[upiApp]) })}
            </p>
          )}
          <UpiFields register={form.register} errors={errors} upiApp={upiApp} />
        </div>
      )}
      {chosen === "netbanking" && <BankField register={form.register} errors={errors} />}
      {declined && (
        <p
          ref={declinedAlert}
          role="alert"
          className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <XCircle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <span>
            <strong>{i18n._(PAYMENT_MESSAGES.failed)}</strong> {i18n._(declined)}
          </span>
        </p>
      )}
      <div>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          <Lock aria-hidden="true" className="h-4 w-4" />
          {isSubmitting
            ? i18n._(PAYMENT_MESSAGES.processing)
            : i18n._(PAYMENT_LABELS.pay, { amount: formatRupees(order.amountPaise) })}
        </Button>
        <CancelButton disabled={isSubmitting} />
      </div>
    </form>
  );
}

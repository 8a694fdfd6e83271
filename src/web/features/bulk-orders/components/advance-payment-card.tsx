import { CheckCircle2, Clock, Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import {
  BULK_PAYMENT_METHODS,
  type BulkOrderView,
  type BulkPaymentMethod,
} from "../../../../shared/contracts/bulk-orders.ts";
import { type CheckoutSession, PAYMENT_MESSAGES } from "../../../../shared/contracts/payments.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { CHANGE_TEXT } from "../../../../shared/rules/bulk-changes.ts";
import {
  ADVANCE_PERCENT,
  canPayAdvance,
  FINAL_CHANGES_HOURS,
} from "../../../../shared/rules/bulk-order-status.ts";
import { ADVANCE_VALUES, QUOTE_LABELS } from "../../../../shared/rules/bulk-quote.ts";
import { CASH_ONLY_NOTE } from "../../../../shared/rules/payment-options.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { refuseField, useCheckedForm } from "../../../lib/checked-form.ts";
import { serverFieldError } from "../../../lib/form-problems.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { typedValue } from "../../../lib/i18n/typed-value.tsx";
import { Link, useNavigate } from "../../../lib/router/index.ts";
import { useAttemptKey } from "../../checkout/use-attempt-key.ts";
import { PaymentOutcome } from "../../payments/payment-outcome.tsx";
import { useOnlinePayment } from "../../payments/use-online-payment.ts";
import { type AdvanceValues, advanceChecks, EMPTY_ADVANCE } from "../advance-values.ts";
import { type BulkAccess, usePayBulkAdvance, useReportBulkAdvance } from "../api/bulk-orders.ts";
import { BulkPaymentFields } from "./bulk-payment-fields.tsx";

/** The spec's pause between the success message and the home page. */
export const HOME_AFTER_PAYMENT_MS = 2000;

export const ADVANCE_PAID_MESSAGE =
  /*i18n*/ "Advance payment successful! Your bulk order has been confirmed.";
const COD_CONFIRMED_MESSAGE =
  /*i18n*/ "Your bulk order has been confirmed! Please pay in cash on delivery.";

type Props = {
  view: BulkOrderView;
  access: BulkAccess;
  demoMode: boolean;
  /** The methods the store offers (the site settings'); all of them until those have loaded. */
  methods?: readonly BulkPaymentMethod[];
  /** Reads the request again, when the server says it changed under the page. */
  onStale(): void;
};

/** After the advance: the quote as it now stands, what was paid, and what is left. */
function PaidAmounts({ view }: { view: BulkOrderView }) {
  const { i18n } = useLingui();
  if (view.quotePaise === null) return null;
  const rows: [string, number][] = [
    [i18n._("Quote"), view.quotePaise],
    [i18n._("Paid so far"), view.money.paidPaise],
    ...(view.money.feesKeptPaise > 0
      ? [[i18n._("Kept under the terms"), view.money.feesKeptPaise] as [string, number]]
      : []),
    ...(view.money.balancePaise !== null
      ? [[i18n._(QUOTE_LABELS.balance), view.money.balancePaise] as [string, number]]
      : []),
  ];
  return (
    <dl className="space-y-2 rounded-2xl bg-cream-100 p-4 text-sm" data-testid="bulk-quote">
      {rows.map(([label, paise]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-ink-500">{label}</dt>
          <dd className="font-semibold tabular-nums">{formatRupees(paise)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Amounts({ view, difference }: { view: BulkOrderView; difference: boolean }) {
  const { i18n } = useLingui();
  if (difference) {
    return (
      <div className="space-y-2">
        <dl className="rounded-2xl bg-cream-100 p-4 text-sm">
          <div className="flex justify-between gap-4 text-base">
            <dt className="font-bold">{i18n._("Difference due now")}</dt>
            <dd className="font-bold text-brand-700" data-testid="bulk-difference">
              {formatRupees(view.money.dueNowPaise)}
            </dd>
          </div>
        </dl>
        <p className="text-sm text-ink-500">{i18n._(CHANGE_TEXT.otherwiseOnDelivery)}</p>
      </div>
    );
  }
  if (view.quotePaise === null || view.advancePaise === null) return null;
  return (
    <dl className="space-y-2 rounded-2xl bg-cream-100 p-4 text-sm" data-testid="bulk-quote">
      <div className="flex justify-between gap-4">
        <dt className="text-ink-500">{i18n._("Quote")}</dt>
        <dd className="font-semibold">{formatRupees(view.quotePaise)}</dd>
      </div>
      <div className="flex justify-between gap-4 text-base">
        <dt className="font-bold">{i18n._(QUOTE_LABELS.advance, ADVANCE_VALUES)}</dt>
        <dd className="font-bold text-brand-700" data-testid="bulk-advance">
          {formatRupees(view.advancePaise)}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-ink-500">{i18n._(QUOTE_LABELS.balance)}</dt>
        <dd className="font-semibold">{formatRupees(view.quotePaise - view.advancePaise)}</dd>
      </div>
    </dl>
  );
}

const PAID_HEADLINES: Partial<Record<BulkOrderView["status"], string>> = {
  advance_paid: /*i18n*/ "Advance paid: your bulk order is confirmed.",
  confirmed: /*i18n*/ "Your bulk order is confirmed.",
  delivered: /*i18n*/ "Your bulk order has been delivered.",
};

function PaidState({ view, goingHome }: { view: BulkOrderView; goingHome: boolean }) {
  const { i18n } = useLingui();
  const headline = PAID_HEADLINES[view.status];
  return (
    <div className="space-y-4" data-testid="bulk-paid">
      <p className="flex items-center gap-2 font-bold text-brand-800">
        <CheckCircle2 aria-hidden="true" className="h-6 w-6 shrink-0 text-brand-600" />
        {headline && i18n._(headline)}
      </p>
      <PaidAmounts view={view} />
      {view.advancePaymentSummary && (
        <p className="text-sm text-ink-700">
          <Trans
            id={/*i18n*/ "Payment: <0>{summary}</0>"}
            values={{ summary: typedValue(view.advancePaymentSummary) }}
            components={{ 0: <strong data-testid="bulk-payment-summary" /> }}
          />
        </p>
      )}
      {view.status !== "delivered" && (
        <p className="text-sm text-ink-500">
          {i18n._(
            "We buy from the farms for your date and deliver on the day. Final changes are possible up to {hours} hours before delivery.",
            { hours: FINAL_CHANGES_HOURS },
          )}
        </p>
      )}
      {goingHome && (
        <p className="text-sm font-semibold text-brand-700">{i18n._("Taking you home...")}</p>
      )}
    </div>
  );
}

function PaymentFormCard({
  view,
  access,
  demoMode,
  methods: offeredMethods,
  onStale,
  onPaid,
  difference = false,
}: Props & { onPaid(): void; difference?: boolean }) {
  // A changed order's difference is paid online, or collected with the balance on delivery.
  const methods = difference
    ? (offeredMethods ?? BULK_PAYMENT_METHODS).filter((method) => method !== "cash_on_delivery")
    : offeredMethods;
  const { i18n } = useLingui();
  const advance = usePayBulkAdvance();
  const report = useReportBulkAdvance();
  const attempt = useAttemptKey();
  const payment = useOnlinePayment();
  // The provider checkout of the last attempt, reopened by Try again while it is still valid.
  const [session, setSession] = useState<CheckoutSession | null>(null);
  const form = useCheckedForm(advanceChecks, { defaultValues: EMPTY_ADVANCE });
  const [method, upiApp, bank] = useWatch({
    control: form.control,
    name: ["method", "upiApp", "bank"],
  });
  const values: AdvanceValues = { method, upiApp, bank };
  const offered = !methods || methods.includes(values.method);
  // A method the store does not offer cannot stay chosen (the form starts on card).
  useEffect(() => {
    if (!offered && methods?.[0]) form.setValue("method", methods[0]);
  }, [offered, methods, form]);
  const payable = difference || canPayAdvance(view.status);
  const busy = advance.isPending || payment.processing || payment.state.status === "paid";
  const outcomeShown = payment.state.status === "failed" || payment.state.status === "cancelled";

  /** A new choice is a new attempt: what the last one ended with no longer applies. */
  const choose = (apply: () => void) => {
    apply();
    form.clearErrors();
    payment.reset();
    setSession(null);
  };

  const payOnline = async (checkout: CheckoutSession) => {
    const result = await payment.pay({
      session: checkout,
      report: (proof) => report.mutateAsync({ access, proof }),
    });
    if (result?.outcome === "paid") {
      toast.success(i18n._(difference ? CHANGE_TEXT.differencePaid : ADVANCE_PAID_MESSAGE));
      onPaid();
      return;
    }
    // The request changed while paying (and anything taken is refunded): show it as it is now.
    if (result?.outcome === "failed" && result.error instanceof ApiError) {
      if (result.error.code === "CONFLICT" || result.error.code === "NOT_FOUND") {
        toast.error(i18n._(result.reason));
        onStale();
      }
    }
  };

  const onSubmit = form.handleSubmit(
    async (choice) => {
      if (!payable || busy) return;
      payment.reset();
      try {
        const answer = await advance.mutateAsync({
          access,
          payment: choice,
          idempotencyKey: attempt.current(),
        });
        attempt.finish();
        if (!answer.checkout) {
          toast.success(i18n._(COD_CONFIRMED_MESSAGE));
          onPaid();
          return;
        }
        setSession(answer.checkout);
        await payOnline(answer.checkout);
      } catch (error) {
        // No answer from the server: keep the key, so pressing again cannot charge twice.
        if (!(error instanceof ApiError) || error.code === "NETWORK" || error.status >= 500) {
          toast.error(i18n._(errorMessage(error)), {
            description: i18n._("You will not be charged twice; it is safe to try again."),
          });
          return;
        }
        attempt.finish();
        if (error.code === "CONFLICT" || error.code === "NOT_FOUND") {
          toast.error(i18n._(error.message));
          onStale();
          return;
        }
        refuseField(form, error, ["bank"], { focus: true });
        toast.error(i18n._(serverFieldError(error)?.message ?? error.message));
      }
    },
    (problems) => {
      const message = problems.bank?.message ?? problems.method?.message;
      if (message) toast.error(i18n._(message));
    },
  );

  const retry = () => {
    if (session && Date.parse(session.payBy) > Date.now()) void payOnline(session);
    else void onSubmit();
  };

  const cod = values.method === "cash_on_delivery";
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={difference ? i18n._("Payment of the difference") : i18n._("Advance payment")}
      aria-busy={busy}
      className="space-y-5"
    >
      {payable ? (
        <Amounts view={view} difference={difference} />
      ) : (
        <p className="flex gap-3 rounded-2xl bg-saffron-400/15 p-4 text-sm text-ink-700">
          <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-saffron-600" />
          <span>
            {i18n._(
              "Our team is reviewing your request and will email you a quote. The {advance}% advance can be paid here once the quote has been sent.",
              { advance: ADVANCE_PERCENT },
            )}
          </span>
        </p>
      )}
      <BulkPaymentFields
        values={values}
        onMethod={(next) => choose(() => form.setValue("method", next))}
        onUpiApp={(app) => choose(() => form.setValue("upiApp", app))}
        register={form.register}
        errors={form.formState.errors}
        codApproved={view.codApproved}
        showFields={payable}
        methods={methods}
      />
      {methods?.length === 1 && methods[0] === "cash_on_delivery" && (
        <p
          className="rounded-2xl bg-saffron-400/15 p-4 text-sm text-ink-700"
          data-testid="cash-only-note"
        >
          {i18n._(CASH_ONLY_NOTE)}
        </p>
      )}
      {payable && demoMode && !cod && (
        <p
          className="rounded-2xl bg-saffron-400/15 p-4 text-xs leading-relaxed text-ink-700"
          data-testid="test-payment-hint"
        >
          {i18n._(PAYMENT_MESSAGES.demoPayments)}
        </p>
      )}
      <PaymentOutcome
        state={payment.state}
        cancelledMessage={PAYMENT_MESSAGES.advanceCancelled}
        onRetry={retry}
      />
      {!outcomeShown && (
        <Button type="submit" size="lg" className="w-full" disabled={!payable || busy}>
          <Lock aria-hidden="true" className="h-4 w-4" />
          {busy
            ? i18n._("Processing Payment...")
            : difference
              ? i18n._(CHANGE_TEXT.dueNow, { amount: formatRupees(view.money.dueNowPaise) })
              : !payable || view.advancePaise === null
                ? i18n._("Pay Advance")
                : cod
                  ? i18n._("Confirm Cash on Delivery")
                  : i18n._("Pay {amount} Advance", { amount: formatRupees(view.advancePaise) })}
        </Button>
      )}
    </form>
  );
}

/** The 50% advance: waiting for a quote, payable against it, or paid. */
export function AdvancePaymentCard(props: Props) {
  const { view } = props;
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const [goingHome, setGoingHome] = useState(false);

  useEffect(() => {
    if (!goingHome) return;
    const timer = window.setTimeout(() => navigate("/"), HOME_AFTER_PAYMENT_MS);
    return () => window.clearTimeout(timer);
  }, [goingHome, navigate]);

  const paid = PAID_HEADLINES[view.status] !== undefined;
  const onlineOffered =
    !props.methods || props.methods.some((method) => method !== "cash_on_delivery");
  return (
    <section
      aria-labelledby="advance-payment-title"
      className="h-fit rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="advance-payment-title" className="text-xl font-bold text-ink-900">
        {i18n._("Advance Payment")}
      </h2>
      <div className="mt-5">
        {paid ? (
          <>
            <PaidState view={view} goingHome={goingHome} />
            {view.money.dueNowPaise > 0 && view.status !== "delivered" && onlineOffered && (
              <div className="mt-6 border-t border-cream-200 pt-6">
                <PaymentFormCard {...props} difference onPaid={() => undefined} />
              </div>
            )}
          </>
        ) : view.status === "cancelled" ? (
          <p className="text-sm text-ink-700">
            {i18n._("This request has been cancelled, so there is nothing to pay.")}
          </p>
        ) : (
          <PaymentFormCard {...props} onPaid={() => setGoingHome(true)} />
        )}
      </div>
      <p className="mt-6 border-t border-cream-200 pt-4 text-sm text-ink-500">
        <Trans
          id={
            /*i18n*/ "Need help with your order? <0>Contact Customer Support</0> and quote your ticket ID."
          }
          components={{
            0: <Link to="/customer-support" className="font-semibold text-brand-700 underline" />,
          }}
        />
      </p>
    </section>
  );
}

import { CheckCircle2, Mail } from "lucide-react";
import { bulkAccessQuerySchema } from "../../shared/contracts/bulk-orders.ts";
import { BULK_TICKET_PATTERN } from "../../shared/rules/ticket-numbers.ts";
import { PageLoading } from "../app/layout/page-loading.tsx";
import { SHELL_TEXTS } from "../app/layout/shell-texts.ts";
import { ButtonLink } from "../components/ui/button.tsx";
import { RecordNotReady } from "../components/ui/query-state.tsx";
import { type BulkAccess, useBulkOrder } from "../features/bulk-orders/api/bulk-orders.ts";
import { BORROWED_TEXT } from "../features/bulk-orders/borrowed-texts.ts";
import { AdvancePaymentCard } from "../features/bulk-orders/components/advance-payment-card.tsx";
import { BulkChangeForm } from "../features/bulk-orders/components/bulk-change-form.tsx";
import { BulkNextSteps } from "../features/bulk-orders/components/bulk-next-steps.tsx";
import { BulkRequestSummary } from "../features/bulk-orders/components/bulk-request-summary.tsx";
import { useSiteSettings } from "../features/site/api/site-settings.ts";
import { COMMON_TEXTS } from "../lib/common-texts.ts";
import { Trans, useLingui } from "../lib/i18n/react-binding.tsx";
import { typedValue } from "../lib/i18n/typed-value.tsx";
import { Navigate, useSearchParams } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/**
 * The ticket comes from the request form's navigation state or from ?ticket= (the address the
 * form leaves, and the emailed link, which adds its ?token=).
 */
function useBulkAccess(): BulkAccess | undefined | null {
  const state = useLocationState<{ ticketId: unknown }>();
  const [params] = useSearchParams();
  const fromState = state?.ticketId;
  const ticketId = typeof fromState === "string" ? fromState : params.get("ticket");
  // Null while the page hydrates: the form's state is not read yet.
  if (!ticketId || !BULK_TICKET_PATTERN.test(ticketId))
    return state === undefined ? null : undefined;
  const token = bulkAccessQuerySchema.safeParse({ token: params.get("token") ?? undefined });
  return { ticketId, token: token.success ? token.data.token : undefined };
}

export default function BulkOrderConfirmationPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Bulk Order Request Submitted"));
  const access = useBulkAccess();
  if (access === null) return <PageLoading />;
  if (!access) return <Navigate to="/bulk-order-request" replace />;
  return <Confirmation access={access} />;
}

function Confirmation({ access }: { access: BulkAccess }) {
  const { data: view, error, isPending, refetch } = useBulkOrder(access);
  const settings = useSiteSettings();
  const demoMode = settings.data?.demoMode ?? false;
  const { i18n } = useLingui();

  if (!view) {
    return (
      <RecordNotReady
        isPending={isPending}
        error={error}
        onRetry={() => refetch()}
        loadingLabel={i18n._("Loading your request")}
        notFound={
          <>
            <h1 className="font-display text-3xl font-bold text-ink-900">
              {i18n._("We could not find this request")}
            </h1>
            <p className="mt-3 text-ink-500">
              {i18n._(
                "Bulk order request {ticketId} can be opened from the browser it was sent from, or from the link in its confirmation email.",
                { ticketId: access.ticketId },
              )}
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-4">
              <ButtonLink to="/bulk-order-request">
                {i18n._(SHELL_TEXTS.requestBulkOrder)}
              </ButtonLink>
              <ButtonLink to="/customer-support" variant="outline">
                {i18n._(BORROWED_TEXT.customerSupport)}
              </ButtonLink>
            </div>
          </>
        }
      />
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-16 w-16 text-brand-600" />
        <h1 className="mt-4 font-display text-3xl font-bold text-ink-900 sm:text-4xl">
          {i18n._("Request Submitted Successfully!")}
        </h1>
        <p className="mt-3 text-ink-700">
          <Trans
            id={/*i18n*/ "Thank you, {name}. Your ticket ID is <0>{ticketId}</0>."}
            values={{ name: typedValue(view.name), ticketId: view.ticketId }}
            components={{ 0: <strong className="text-brand-700" /> }}
          />
        </p>
        <p className="mt-4 inline-flex flex-wrap items-center justify-center gap-2 rounded-2xl bg-brand-50 px-4 py-3 text-sm text-brand-800">
          <Mail aria-hidden="true" className="h-4 w-4" />
          {i18n._("We have sent the details to {email}.", { email: view.email })}
          {demoMode && (
            <a href="/dev/mailbox" className="font-semibold underline">
              {i18n._(COMMON_TEXTS.openDemoMailbox)}
            </a>
          )}
        </p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_420px]">
        <div className="space-y-8">
          <BulkRequestSummary view={view} />
          {view.money.changesUntil && view.quote && (
            <BulkChangeForm
              key={view.version}
              view={view}
              access={access}
              onStale={() => void refetch()}
            />
          )}
          <BulkNextSteps />
        </div>
        <AdvancePaymentCard
          view={view}
          access={access}
          demoMode={demoMode}
          methods={settings.data?.bulkPaymentMethods}
          onStale={() => void refetch()}
        />
      </div>
    </div>
  );
}

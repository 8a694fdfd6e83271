import { STORE } from "../../shared/store-info.ts";
import { BulkRequestForm } from "../features/bulk-orders/components/bulk-request-form.tsx";
import { BulkTermsCard } from "../features/bulk-orders/components/bulk-terms-card.tsx";
import { BulkWhyChooseCard } from "../features/bulk-orders/components/bulk-why-choose-card.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function BulkOrderRequestPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("Bulk Order Request"));
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
          {i18n._("Weddings, family events, office functions")}
        </p>
        <h1 className="mt-2 font-display text-4xl font-bold text-ink-900 sm:text-5xl">
          {i18n._("Bulk Order Request")}
        </h1>
        <p className="mt-4 text-lg text-ink-700">
          {i18n._(
            "Tell us what your event needs. Our team checks availability with the farms and emails you a quote, usually within {hours} hours.",
            { hours: STORE.replyWithinHours },
          )}
        </p>
      </header>

      <div className="mt-12 grid gap-8 lg:grid-cols-[380px_minmax(0,1fr)]">
        <div className="space-y-8">
          <BulkTermsCard />
          <BulkWhyChooseCard />
        </div>
        <section
          aria-labelledby="bulk-form-title"
          className="h-fit rounded-3xl bg-white p-6 shadow-card sm:p-8"
        >
          <h2 id="bulk-form-title" className="text-xl font-bold text-ink-900">
            {i18n._("Request Details")}
          </h2>
          <p className="mt-2 mb-6 text-sm text-ink-500">
            {i18n._("Fields marked * are required.")}
          </p>
          <BulkRequestForm />
        </section>
      </div>
    </div>
  );
}

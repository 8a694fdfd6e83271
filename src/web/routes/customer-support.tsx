import { BORROWED_TEXT } from "../features/support/borrowed-texts.ts";
import { AdminTeamCard } from "../features/support/components/admin-team-card.tsx";
import { ContactForm } from "../features/support/components/contact-form.tsx";
import { ContactInfoCard } from "../features/support/components/contact-info-card.tsx";
import { MyTickets } from "../features/support/components/my-tickets.tsx";
import { SupportFaq } from "../features/support/components/support-faq.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function CustomerSupportPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(BORROWED_TEXT.customerSupport));
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
          {i18n._("We're here to help")}
        </p>
        <h1 className="mt-2 font-display text-4xl font-bold text-ink-900 sm:text-5xl">
          {i18n._(BORROWED_TEXT.customerSupport)}
        </h1>
        <p className="mt-4 text-lg text-ink-700">
          {i18n._(
            "A question about an order, a product or a refund? Write, call or chat with us: a person from our team answers.",
          )}
        </p>
      </header>

      <div className="mt-12 grid gap-8 lg:grid-cols-[380px_minmax(0,1fr)]">
        <div className="space-y-8">
          <ContactInfoCard />
          <AdminTeamCard />
        </div>
        <div className="space-y-8">
          <section
            aria-labelledby="contact-form-title"
            className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
          >
            <h2 id="contact-form-title" className="text-xl font-bold text-ink-900">
              {i18n._("Send Us a Message")}
            </h2>
            <p className="mt-2 mb-6 text-sm text-ink-500">
              {i18n._(
                "Fields marked * are required. We email you a copy with your reference number.",
              )}
            </p>
            <ContactForm />
          </section>
          <MyTickets />
          <SupportFaq />
        </div>
      </div>
    </div>
  );
}

import { Mail, MessageCircle, Package, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { STORE } from "../../../../shared/store-info.ts";
import { SHELL_TEXTS } from "../../../app/layout/shell-texts.ts";
import { ButtonLink } from "../../../components/ui/button.tsx";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";

/** WhatsApp's click-to-chat address for the store's phone: digits only, with the country code. */
const WHATSAPP_LINK = `https://wa.me/${STORE.phoneHref.replace(/\D/g, "")}`;

function Item({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Mail;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="h-5 w-5" />
      </span>
      <div className="min-w-0 text-sm text-ink-700">
        <h3 className="font-bold text-ink-900">{title}</h3>
        {children}
      </div>
    </li>
  );
}

const linkClass = "font-semibold break-words text-brand-700 underline hover:text-brand-800";

export function ContactInfoCard() {
  const { i18n } = useLingui();
  const hours = STORE.replyWithinHours;
  return (
    <section
      aria-labelledby="contact-info-title"
      className="rounded-3xl bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id="contact-info-title" className="text-xl font-bold text-ink-900">
        {i18n._(COMMON_TEXTS.contactInformation)}
      </h2>
      <ul className="mt-6 space-y-5">
        <Item icon={Mail} title={i18n._("Email support")}>
          <a href={`mailto:${STORE.supportEmail}`} className={linkClass}>
            {STORE.supportEmail}
          </a>
          <p className="mt-1">{i18n._("We reply within {hours} hours.", { hours })}</p>
        </Item>
        <Item icon={Phone} title={i18n._("Phone support")}>
          <a href={STORE.phoneHref} className={linkClass}>
            {STORE.phone}
          </a>
          <p className="mt-1">{i18n._(STORE.supportHours)}</p>
        </Item>
        <Item icon={MessageCircle} title={i18n._("Live chat")}>
          {/* No chat widget: a person answers on WhatsApp during support hours. */}
          <p>
            {i18n._(
              "A person from our team answers on WhatsApp, {supportHours}; any other time, send the form and we reply within {hours} hours.",
              { supportHours: i18n._(STORE.supportHours), hours },
            )}
          </p>
          <a href={WHATSAPP_LINK} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {i18n._("Chat on WhatsApp")}
          </a>
        </Item>
        <Item icon={Package} title={i18n._(SHELL_TEXTS.bulkOrders)}>
          <p>
            {i18n._("Weddings, family events, picnics or office functions: we supply in bulk.")}
          </p>
          <ButtonLink to="/bulk-order-request" variant="accent" size="sm" className="mt-3">
            {i18n._(SHELL_TEXTS.requestBulkOrder)}
          </ButtonLink>
        </Item>
      </ul>
    </section>
  );
}

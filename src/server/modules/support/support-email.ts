// The mails of a support ticket: the acknowledgement (the reference to quote, what happens next
// and the link to the ticket) and each reply from the shop, with the signed link to read the
// conversation and answer it. Anyone can type any address into the contact form, so the
// acknowledgement repeats what the sender typed (their name, their message) only to an account's
// own verified address; anyone else gets the reference and the link (decision 43).

import { QUERY_TYPE_LABELS, type SupportRequest } from "../../../shared/contracts/support.ts";
import { isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
import { translatorFor } from "../../i18n/translator.ts";
import type { DetailRow, OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

export function supportAcknowledgement(
  reference: string,
  request: SupportRequest,
  link: string,
  {
    ownVerifiedAddress = false,
    locale,
  }: {
    /** The address is the signed-in sender's own, verified: the mail may repeat their words. */
    ownVerifiedAddress?: boolean;
    /** The contact form's language: the mail is written in it. */
    locale?: Locale;
  } = {},
): OutgoingMail {
  const i18n = translatorFor(locale);
  const hours = STORE.replyWithinHours;
  const details: DetailRow[] = [
    [i18n._("Reference"), reference],
    [i18n._("Topic"), i18n._(QUERY_TYPE_LABELS[request.queryType])],
    // Only FHH-123456 or BOR-123456-1234 gets through the form: a reference, not free text.
    ...(request.orderNumber ? [[i18n._("Order or ticket"), request.orderNumber] as DetailRow] : []),
    ...(ownVerifiedAddress ? [[i18n._("Your message"), request.message] as DetailRow] : []),
  ];
  const letter = letterMail({
    locale,
    subject: i18n._("We received your message ({reference})", { reference }),
    preheader: i18n._("Reference {reference}: we reply within {hours} hours.", {
      reference,
      hours,
    }),
    title: i18n._("We have your message"),
    greeting: ownVerifiedAddress ? greetingName(request.name) : null,
    paragraphs: [
      i18n._("Thank you for contacting {store}. We have your message.", { store: STORE.name }),
      ...(ownVerifiedAddress
        ? []
        : [i18n._("Your message and our replies are on your ticket's page.")]),
    ],
    highlight: [
      i18n._(
        "Our team replies within {hours} hours. Please quote {reference} if you write or call about it.",
        { hours, reference },
      ),
    ],
    details: {
      heading: ownVerifiedAddress ? i18n._("Your message") : i18n._("Your ticket"),
      rows: details,
    },
    action: { label: i18n._("View your ticket"), href: link },
  });
  return { to: request.email, ...letter };
}

/** A reply from the shop: the reply in full, and the link to read the thread and answer. */
export function ticketReplyMail(options: {
  reference: string;
  name: string;
  email: string;
  reply: string;
  staffName: string;
  link: string;
  /** The ticket's language: the reply's frame is written in it (the reply as the member wrote). */
  locale?: string;
}): OutgoingMail {
  const { reference } = options;
  const locale = isLocale(options.locale) ? options.locale : undefined;
  const i18n = translatorFor(locale);
  const letter = letterMail({
    locale,
    subject: i18n._("Re: your message {reference}", { reference }),
    title: i18n._("We have replied to your message"),
    greeting: greetingName(options.name),
    paragraphs: [i18n._("Here is our reply to your message {reference}:", { reference })],
    quotes: [{ author: `${options.staffName}, ${STORE.name}`, text: options.reply }],
    highlight: [
      i18n._(
        "To answer, open your ticket: your answer goes straight to our team, with the whole conversation.",
      ),
    ],
    action: { label: i18n._("Read and answer"), href: options.link },
    closing: [i18n._("Please quote {reference} if you write or call about it.", { reference })],
  });
  return { to: options.email, ...letter };
}

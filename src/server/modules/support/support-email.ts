// The acknowledgement a shopper gets for a contact-form message: the reference to quote, what
// happens next, and their own words back (escaped by the layout), so they keep a copy.
import { QUERY_TYPE_LABELS, type SupportRequest } from "../../../shared/contracts/support.ts";
import { STORE } from "../../../shared/store-info.ts";
import {
  callout,
  detailsTable,
  emailDocument,
  firstName,
  paragraph,
  sectionHeading,
  TEXT_SIGNATURE,
} from "../mail/email-layout.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

export function supportAcknowledgement(reference: string, request: SupportRequest): OutgoingMail {
  const subject = `We received your message (${reference})`;
  const details: [string, string][] = [
    ["Reference", reference],
    ["Topic", QUERY_TYPE_LABELS[request.queryType]],
    ...(request.orderNumber
      ? ([["Order or ticket", request.orderNumber]] as [string, string][])
      : []),
    ["Your message", request.message],
  ];
  const promise = `Our team replies within ${STORE.replyWithinHours} hours. Please quote ${reference} if you write or call about it.`;
  const text = [
    `Hi ${firstName(request.name)},`,
    "",
    "Thank you for contacting Fresh Harvest Hub. We have your message.",
    promise,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    TEXT_SIGNATURE,
  ].join("\n");
  const html = emailDocument({
    subject,
    preheader: `Reference ${reference}: we reply within ${STORE.replyWithinHours} hours.`,
    title: `Hi ${firstName(request.name)}, we have your message`,
    body: [
      paragraph("Thank you for contacting Fresh Harvest Hub."),
      callout(promise),
      sectionHeading("Your message"),
      detailsTable(details),
    ],
  });
  return { to: request.email, subject, text, html };
}

// The acknowledgement a shopper gets for a contact-form message: the reference to quote, what
// happens next, and their own words back (escaped by the layout), so they keep a copy.
import { QUERY_TYPE_LABELS, type SupportRequest } from "../../../shared/contracts/support.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
import type { DetailRow } from "../mail/email-pieces.tsx";
import { renderLetter } from "../mail/letter.tsx";
import type { OutgoingMail } from "../mail/outbox.ts";

export function supportAcknowledgement(reference: string, request: SupportRequest): OutgoingMail {
  const details: DetailRow[] = [
    ["Reference", reference],
    ["Topic", QUERY_TYPE_LABELS[request.queryType]],
    ...(request.orderNumber ? [["Order or ticket", request.orderNumber] as DetailRow] : []),
    ["Your message", request.message],
  ];
  const letter = renderLetter({
    subject: `We received your message (${reference})`,
    preheader: `Reference ${reference}: we reply within ${STORE.replyWithinHours} hours.`,
    title: "We have your message",
    greeting: greetingName(request.name),
    paragraphs: ["Thank you for contacting Fresh Harvest Hub. We have your message."],
    highlight: [
      `Our team replies within ${STORE.replyWithinHours} hours. Please quote ${reference} if you write or call about it.`,
    ],
    details: { heading: "Your message", rows: details },
  });
  return { to: request.email, ...letter };
}

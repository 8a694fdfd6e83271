// The mails of a support ticket: the acknowledgement (the reference to quote, what happens next
// and the link to the ticket) and each reply from the shop, with the signed link to read the
// conversation and answer it. Anyone can type any address into the contact form, so the
// acknowledgement repeats what the sender typed (their name, their message) only to an account's
// own verified address; anyone else gets the reference and the link (decision 43).
import { QUERY_TYPE_LABELS, type SupportRequest } from "../../../shared/contracts/support.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { STORE } from "../../../shared/store-info.ts";
import type { DetailRow, OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

export function supportAcknowledgement(
  reference: string,
  request: SupportRequest,
  link: string,
  /** The address is the signed-in sender's own, verified: the mail may repeat their words. */
  { ownVerifiedAddress = false }: { ownVerifiedAddress?: boolean } = {},
): OutgoingMail {
  const details: DetailRow[] = [
    ["Reference", reference],
    ["Topic", QUERY_TYPE_LABELS[request.queryType]],
    // Only FHH-123456 or BOR-123456-1234 gets through the form: a reference, not free text.
    ...(request.orderNumber ? [["Order or ticket", request.orderNumber] as DetailRow] : []),
    ...(ownVerifiedAddress ? [["Your message", request.message] as DetailRow] : []),
  ];
  const letter = letterMail({
    subject: `We received your message (${reference})`,
    preheader: `Reference ${reference}: we reply within ${STORE.replyWithinHours} hours.`,
    title: "We have your message",
    greeting: ownVerifiedAddress ? greetingName(request.name) : null,
    paragraphs: [
      "Thank you for contacting Fresh Harvest Hub. We have your message.",
      ...(ownVerifiedAddress ? [] : ["Your message and our replies are on your ticket's page."]),
    ],
    highlight: [
      `Our team replies within ${STORE.replyWithinHours} hours. Please quote ${reference} if you write or call about it.`,
    ],
    details: { heading: ownVerifiedAddress ? "Your message" : "Your ticket", rows: details },
    action: { label: "View your ticket", href: link },
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
}): OutgoingMail {
  const { reference } = options;
  const letter = letterMail({
    subject: `Re: your message ${reference}`,
    title: "We have replied to your message",
    greeting: greetingName(options.name),
    paragraphs: [`Here is our reply to your message ${reference}:`],
    quotes: [{ author: `${options.staffName}, ${STORE.name}`, text: options.reply }],
    highlight: [
      "To answer, open your ticket: your answer goes straight to our team, with the whole conversation.",
    ],
    action: { label: "Read and answer", href: options.link },
    closing: [`Please quote ${reference} if you write or call about it.`],
  });
  return { to: options.email, ...letter };
}

import { COMMON_TEXTS } from "../../lib/common-texts.ts";
import { BORROWED_TEXT } from "./borrowed-texts.ts";
import { TICKET_LIST_TEXT } from "./ticket-list-texts.ts";

// The words of the customer's side of a support ticket (its page), in one place; each is
// translated where it is shown (`i18n._(TICKET_TEXT.loading)`, with its values where it has some).
export const TICKET_TEXT = {
  /** Values: reference. */
  pageTitle: /*i18n*/ "Your message {reference}",
  loading: TICKET_LIST_TEXT.loading,
  badLinkTitle: /*i18n*/ "We could not open this message",
  conversation: /*i18n*/ "Conversation",
  /** A reply's author and the shop. Values: author, store. */
  shopAuthor: /*i18n*/ "{author}, {store} team",
  status: COMMON_TEXTS.status,
  topic: /*i18n*/ "Topic",
  order: /*i18n*/ "Order or ticket",
  sent: /*i18n*/ "Sent",
  /** Values: hours. */
  promise: /*i18n*/ "Our team replies within {hours} hours of your latest message.",
  answerHeading: /*i18n*/ "Answer",
  answerLabel: /*i18n*/ "Your answer",
  answerHint: /*i18n*/ "Your answer goes to our team with the whole conversation.",
  send: /*i18n*/ "Send answer",
  sending: /*i18n*/ "Sending…",
  sent_: /*i18n*/ "Thank you: your answer is with our team.",
  resolvedNote:
    /*i18n*/ "This conversation is marked resolved. If something is still not right, answer here and it opens again.",
  noReplyYet: /*i18n*/ "No reply yet. We will email you as soon as our team answers.",
  contact: BORROWED_TEXT.customerSupport,
} as const;

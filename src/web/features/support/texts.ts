import { STORE } from "../../../shared/store-info.ts";

// The words of the customer's side of a support ticket, in one place.
export const TICKET_TEXT = {
  pageTitle: (reference: string) => `Your message ${reference}`,
  loading: "Loading your message",
  badLinkTitle: "We could not open this message",
  yourMessage: "Your message",
  conversation: "Conversation",
  us: `${STORE.name} team`,
  status: "Status",
  topic: "Topic",
  order: "Order or ticket",
  sent: "Sent",
  promise: `Our team replies within ${STORE.replyWithinHours} hours of your latest message.`,
  answerHeading: "Answer",
  answerLabel: "Your answer",
  answerHint: "Your answer goes to our team with the whole conversation.",
  send: "Send answer",
  sending: "Sending…",
  sent_: "Thank you: your answer is with our team.",
  resolvedNote:
    "This conversation is marked resolved. If something is still not right, answer here and it opens again.",
  noReplyYet: "No reply yet. We will email you as soon as our team answers.",
  mineTitle: "Your messages",
  mineIntro: "Open a conversation to read our replies and answer them.",
  mineEmpty: "You have not sent us a message from your account yet.",
  open: (reference: string) => `Open ${reference}`,
  updated: "Last change",
  contact: "Customer Support",
} as const;

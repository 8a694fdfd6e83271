// The words of a signed-in customer's list of their messages, on the support page; the
// conversation page's own are in texts.ts, which the support page does not load.
export const TICKET_LIST_TEXT = {
  loading: /*i18n*/ "Loading your message",
  mineTitle: /*i18n*/ "Your messages",
  mineIntro: /*i18n*/ "Open a conversation to read our replies and answer them.",
  mineEmpty: /*i18n*/ "You have not sent us a message from your account yet.",
  /** Values: reference. */
  open: /*i18n*/ "Open {reference}",
  updated: /*i18n*/ "Last change",
} as const;

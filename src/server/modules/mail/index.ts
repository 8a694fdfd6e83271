export { EmailLayout, Frame } from "./email-layout.tsx";
export {
  ActionButton,
  Callout,
  type DetailRow,
  DetailsTable,
  Paragraph,
  SectionHeading,
} from "./email-pieces.tsx";
export { BRAND, FONT, RULE } from "./email-style.ts";
export { inboxOf } from "./inbox.ts";
export { HELLO, type Letter, letterMail } from "./letter.tsx";
export { mailPlugin } from "./mail-plugin.ts";
export { type MailBody, type MailTemplate, mailTemplate, templateMail } from "./mail-template.ts";
export {
  enqueueMail,
  type OutgoingMail,
  outboxInsert,
  outboxPartSql,
  outboxRow,
} from "./outbox.ts";
export { mailPersonalData } from "./personal-data.ts";
export type { RecipientLimit } from "./recipient-limit.ts";
export { renderEmail } from "./render-email.ts";
export { isSignedToken, linkKeyFrom, signedToken } from "./signed-link.ts";
export { renderStoredMail, type StoredMail } from "./stored-mail.ts";

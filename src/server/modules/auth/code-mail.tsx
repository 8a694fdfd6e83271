// The emails that carry a one-time code, in the store's mail frame and the language of the
// account they are for (mail-language.ts). The code is digits only; nothing a visitor typed goes
// into these mails.
import type { Locale } from "../../../shared/i18n/locales.ts";
import { CODE_VALID_MINUTES } from "../../../shared/rules/account-forms.ts";
import { translatorFor } from "../../i18n/translator.ts";
import type { OutgoingMail } from "../mail/index.ts";
import {
  ActionButton,
  BRAND,
  EmailLayout,
  FONT,
  mailTemplate,
  Paragraph,
  renderEmail,
  templateMail,
} from "../mail/index.ts";
import { pageLink } from "./mail-language.ts";

export type CodePurpose =
  | "email-verification"
  | "forget-password"
  | "change-email"
  | "delete-account";

const WORDING: Record<
  CodePurpose,
  { subject: string; title: string; intro: string; page: string }
> = {
  "email-verification": {
    subject: /*i18n*/ "Your Fresh Harvest Hub verification code",
    title: /*i18n*/ "Verify your email address",
    intro: /*i18n*/ "Welcome to Fresh Harvest Hub! Enter this code to verify your email address:",
    page: "/otp-verification",
  },
  "forget-password": {
    subject: /*i18n*/ "Reset your Fresh Harvest Hub password",
    title: /*i18n*/ "Reset your password",
    intro:
      /*i18n*/ "Someone (hopefully you) asked to reset your password. Enter this code to choose a new one:",
    page: "/reset-password",
  },
  "change-email": {
    subject: /*i18n*/ "Confirm your new Fresh Harvest Hub email address",
    title: /*i18n*/ "Confirm your new email address",
    intro:
      /*i18n*/ "Someone (hopefully you) asked to use this address for a Fresh Harvest Hub account. Enter this code on My account to confirm it:",
    page: "/account",
  },
  "delete-account": {
    subject: /*i18n*/ "Your code to delete your Fresh Harvest Hub account",
    title: /*i18n*/ "Delete your account",
    intro:
      /*i18n*/ "Someone (hopefully you) asked to delete your Fresh Harvest Hub account. Enter this code on My account to confirm it:",
    page: "/account",
  },
};

/** What the outbox keeps of a code mail; rows queued before languages have no locale: English. */
type CodeMailData = { purpose: CodePurpose; code: string; link: string; locale?: Locale };

function CodeEmail({ purpose, code, link, locale }: CodeMailData) {
  const i18n = translatorFor(locale);
  const { subject, title, intro } = WORDING[purpose];
  const introText = i18n._(intro);
  return (
    <EmailLayout i18n={i18n} subject={i18n._(subject)} preheader={introText} title={i18n._(title)}>
      <Paragraph>{introText}</Paragraph>
      <p
        style={{
          margin: "16px 0",
          ...FONT,
          fontSize: "32px",
          fontWeight: 700,
          letterSpacing: "8px",
          color: BRAND,
        }}
      >
        {code}
      </p>
      <ActionButton label={i18n._("Enter your code")} href={link} />
      <Paragraph muted>
        {i18n._(
          "The code works once and expires in {minutes} minutes. If you did not ask for it, you can ignore this email.",
          { minutes: CODE_VALID_MINUTES },
        )}
      </Paragraph>
    </EmailLayout>
  );
}

/** Draws a code mail from its purpose, code, page link and language. */
export const codeMailTemplate = mailTemplate<CodeMailData>("code", (data) =>
  renderEmail(<CodeEmail {...data} />),
);

/** A code mail in `locale` (English when not given), its link to the page the code goes on. */
export function codeMail(
  purpose: CodePurpose,
  to: string,
  code: string,
  publicUrl: string,
  locale?: Locale,
): OutgoingMail {
  const link = pageLink(publicUrl, WORDING[purpose].page, locale);
  return {
    to,
    subject: translatorFor(locale)._(WORDING[purpose].subject),
    ...templateMail(codeMailTemplate, { purpose, code, link, locale }),
  };
}

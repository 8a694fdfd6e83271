// The emails that carry a one-time code, in the store's mail frame. The code is digits only;
// nothing a visitor typed goes into these mails.
import { CODE_VALID_MINUTES } from "../../../shared/rules/account-forms.ts";
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
    subject: "Your Fresh Harvest Hub verification code",
    title: "Verify your email address",
    intro: "Welcome to Fresh Harvest Hub! Enter this code to verify your email address:",
    page: "/otp-verification",
  },
  "forget-password": {
    subject: "Reset your Fresh Harvest Hub password",
    title: "Reset your password",
    intro:
      "Someone (hopefully you) asked to reset your password. Enter this code to choose a new one:",
    page: "/reset-password",
  },
  "change-email": {
    subject: "Confirm your new Fresh Harvest Hub email address",
    title: "Confirm your new email address",
    intro:
      "Someone (hopefully you) asked to use this address for a Fresh Harvest Hub account. Enter this code on My account to confirm it:",
    page: "/account",
  },
  "delete-account": {
    subject: "Your code to delete your Fresh Harvest Hub account",
    title: "Delete your account",
    intro:
      "Someone (hopefully you) asked to delete your Fresh Harvest Hub account. Enter this code on My account to confirm it:",
    page: "/account",
  },
};

function CodeEmail(props: { purpose: CodePurpose; code: string; link: string }) {
  const { subject, title, intro } = WORDING[props.purpose];
  return (
    <EmailLayout subject={subject} preheader={intro} title={title}>
      <Paragraph>{intro}</Paragraph>
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
        {props.code}
      </p>
      <ActionButton label="Enter your code" href={props.link} />
      <Paragraph muted>
        The code works once and expires in {CODE_VALID_MINUTES} minutes. If you did not ask for it,
        you can ignore this email.
      </Paragraph>
    </EmailLayout>
  );
}

/** Draws a code mail from its purpose, code and page link. */
export const codeMailTemplate = mailTemplate<{ purpose: CodePurpose; code: string; link: string }>(
  "code",
  (data) => renderEmail(<CodeEmail purpose={data.purpose} code={data.code} link={data.link} />),
);

export function codeMail(
  purpose: CodePurpose,
  to: string,
  code: string,
  publicUrl: string,
): OutgoingMail {
  const link = `${publicUrl.replace(/\/+$/, "")}${WORDING[purpose].page}`;
  return {
    to,
    subject: WORDING[purpose].subject,
    ...templateMail(codeMailTemplate, { purpose, code, link }),
  };
}

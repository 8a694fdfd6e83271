// The emails that carry a one-time code: plain text and a simple HTML body. The code is digits
// only; nothing a visitor typed goes into these mails.
import { CODE_VALID_MINUTES } from "../../../shared/rules/account-forms.ts";
import { STORE } from "../../../shared/store-info.ts";
import { escapeHtml } from "../invoices/escape-html.ts";
import type { OutgoingMail } from "../mail/outbox.ts";

export type CodePurpose = "email-verification" | "forget-password";

const WORDING: Record<CodePurpose, { subject: string; intro: string; page: string }> = {
  "email-verification": {
    subject: "Your Fresh Harvest Hub verification code",
    intro: "Welcome to Fresh Harvest Hub! Enter this code to verify your email address:",
    page: "/otp-verification",
  },
  "forget-password": {
    subject: "Reset your Fresh Harvest Hub password",
    intro:
      "Someone (hopefully you) asked to reset your password. Enter this code to choose a new one:",
    page: "/reset-password",
  },
};

export function codeMail(
  purpose: CodePurpose,
  to: string,
  code: string,
  publicUrl: string,
): OutgoingMail {
  const { subject, intro, page } = WORDING[purpose];
  const link = `${publicUrl.replace(/\/+$/, "")}${page}`;
  const closing = `The code works once and expires in ${CODE_VALID_MINUTES} minutes. If you did not ask for it, you can ignore this email.`;
  return {
    to,
    subject,
    text: [intro, "", code, "", `Enter it at ${link}`, "", closing, "", STORE.name].join("\n"),
    html: `<div style="font-family:'Segoe UI',Roboto,Arial,sans-serif;color:#1f2a1f;max-width:480px">
<p>${intro}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;color:#2f7d32">${code}</p>
<p><a href="${escapeHtml(link)}" style="color:#2f7d32">Enter it at ${escapeHtml(link)}</a></p>
<p style="color:#5b665b">${closing}</p>
<p>${STORE.name}</p>
</div>`,
  };
}

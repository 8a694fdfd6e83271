import { greetingName } from "../../../shared/rules/person-name.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

const WORDING = {
  changed: {
    subject: "Your Fresh Harvest Hub password was changed",
    title: "Your password was changed",
    news: "The password of your Fresh Harvest Hub account was just changed, and every other device signed in to it was signed out.",
  },
  set: {
    subject: "A password was set on your Fresh Harvest Hub account",
    title: "A password was set",
    news: "Your Fresh Harvest Hub account, made with an outside sign-in, now has a password too, and every other device signed in to it was signed out.",
  },
} as const;

/**
 * Tells an account's owner that its password was changed or first set, so a change they did not
 * make (a session left open somewhere) does not go unnoticed.
 */
export function passwordChangedMail(
  to: { email: string; name: string },
  publicUrl: string,
  how: keyof typeof WORDING = "changed",
): OutgoingMail {
  const base = publicUrl.replace(/\/+$/, "");
  const { subject, title, news } = WORDING[how];
  return {
    to: to.email,
    ...letterMail({
      subject,
      title,
      greeting: greetingName(to.name),
      paragraphs: [news, "If you made this change, there is nothing more to do."],
      highlight: [
        "If it was not you, reset your password now with the code we send to this address, then tell our support team.",
      ],
      action: { label: "Reset my password", href: `${base}/forgot-password` },
    }),
  };
}

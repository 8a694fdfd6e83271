import { greetingName } from "../../../shared/rules/person-name.ts";
import { renderLetter } from "../mail/letter.tsx";
import type { OutgoingMail } from "../mail/outbox.ts";

/**
 * Tells an account's owner that its password was changed, so a change they did not make (a
 * session left open somewhere) does not go unnoticed.
 */
export function passwordChangedMail(
  to: { email: string; name: string },
  publicUrl: string,
): OutgoingMail {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    to: to.email,
    ...renderLetter({
      subject: "Your Fresh Harvest Hub password was changed",
      title: "Your password was changed",
      greeting: greetingName(to.name),
      paragraphs: [
        "The password of your Fresh Harvest Hub account was just changed, and every other device signed in to it was signed out.",
        "If you made this change, there is nothing more to do.",
      ],
      highlight: [
        "If it was not you, reset your password now with the code we send to this address, then tell our support team.",
      ],
      action: { label: "Reset my password", href: `${base}/forgot-password` },
    }),
  };
}

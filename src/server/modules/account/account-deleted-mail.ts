import {
  DELETION_VALUES,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

/**
 * The last email to a deleted account's address: it is gone, what was erased and what GST law
 * keeps, so a deletion the owner did not make (a session left open) does not go unnoticed.
 */
export function accountDeletedMail(
  to: { email: string; name: string },
  publicUrl: string,
): OutgoingMail {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    to: to.email,
    ...letterMail({
      subject: "Your Fresh Harvest Hub account is deleted",
      title: WORDS.deletedTitle,
      greeting: greetingName(to.name),
      paragraphs: [
        "Your Fresh Harvest Hub account was deleted as you asked, and every device signed in to it was signed out.",
        `${WORDS.erasedHeading}:`,
        ...WORDS.erased,
        `${WORDS.keptHeading}:`,
        ...WORDS.kept.map((text) => fill(text, DELETION_VALUES)),
      ],
      highlight: [
        "If you did not ask for this, please tell our support team at once. You are welcome to shop as a guest or sign up again at any time.",
      ],
      action: { label: "Contact support", href: `${base}/customer-support` },
    }),
  };
}

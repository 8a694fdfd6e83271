import {
  DELETION_VALUES,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { translatorFor } from "../../i18n/translator.ts";
import { pageLink } from "../auth/index.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

/**
 * The last email to a deleted account's address: it is gone, what was erased and what GST law
 * keeps, so a deletion the owner did not make (a session left open) does not go unnoticed. In
 * `locale`, English when not given; the lists are the account page's own words.
 */
export function accountDeletedMail(
  to: { email: string; name: string },
  publicUrl: string,
  locale?: Locale,
): OutgoingMail {
  const i18n = translatorFor(locale);
  return {
    to: to.email,
    ...letterMail({
      locale,
      subject: i18n._("Your Fresh Harvest Hub account is deleted"),
      title: i18n._(WORDS.deletedTitle),
      greeting: greetingName(to.name),
      paragraphs: [
        i18n._(
          "Your Fresh Harvest Hub account was deleted as you asked, and every device signed in to it was signed out.",
        ),
        `${i18n._(WORDS.erasedHeading)}:`,
        ...WORDS.erased.map((text) => i18n._(text)),
        `${i18n._(WORDS.keptHeading)}:`,
        ...WORDS.kept.map((text) => i18n._(text, DELETION_VALUES)),
      ],
      highlight: [
        i18n._(
          "If you did not ask for this, please tell our support team at once. You are welcome to shop as a guest or sign up again at any time.",
        ),
      ],
      action: {
        label: i18n._("Contact support"),
        href: pageLink(publicUrl, "/customer-support", locale),
      },
    }),
  };
}

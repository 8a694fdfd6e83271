import type { Locale } from "../../../shared/i18n/locales.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { translatorFor } from "../../i18n/translator.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";
import type { EmailChange } from "./email-change.ts";
import { pageLink } from "./mail-language.ts";

/**
 * Sent to the address an account used to have, naming the one it has now; in `locale`, English
 * when not given.
 */
export function emailChangedMail(
  change: EmailChange,
  publicUrl: string,
  locale?: Locale,
): OutgoingMail {
  const i18n = translatorFor(locale);
  return {
    to: change.from,
    ...letterMail({
      locale,
      subject: i18n._("Your Fresh Harvest Hub email address was changed"),
      title: i18n._("Your email address was changed"),
      greeting: greetingName(change.name),
      paragraphs: [
        i18n._(
          "Your Fresh Harvest Hub account now signs in with {email}, confirmed with a code sent there. Emails about your orders go to that address from now on.",
          { email: change.to },
        ),
        i18n._("If you made this change, there is nothing more to do."),
      ],
      highlight: [
        i18n._(
          "If it was not you, reply to this email or contact our support team at once, so we can give the account back to you.",
        ),
      ],
      action: {
        label: i18n._("Contact support"),
        href: pageLink(publicUrl, "/customer-support", locale),
      },
    }),
  };
}

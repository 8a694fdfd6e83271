import type { Locale } from "../../../shared/i18n/locales.ts";
import { greetingName } from "../../../shared/rules/person-name.ts";
import { translatorFor } from "../../i18n/translator.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";
import { pageLink } from "./mail-language.ts";

const WORDING = {
  changed: {
    subject: /*i18n*/ "Your Fresh Harvest Hub password was changed",
    title: /*i18n*/ "Your password was changed",
    news: /*i18n*/ "The password of your Fresh Harvest Hub account was just changed, and every other device signed in to it was signed out.",
  },
  set: {
    subject: /*i18n*/ "A password was set on your Fresh Harvest Hub account",
    title: /*i18n*/ "A password was set",
    news: /*i18n*/ "Your Fresh Harvest Hub account, made with an outside sign-in, now has a password too, and every other device signed in to it was signed out.",
  },
} as const;

/**
 * Tells an account's owner that its password was changed or first set, so a change they did not
 * make (a session left open somewhere) does not go unnoticed. In `locale`, English when not given.
 */
export function passwordChangedMail(
  to: { email: string; name: string },
  publicUrl: string,
  how: keyof typeof WORDING = "changed",
  locale?: Locale,
): OutgoingMail {
  const i18n = translatorFor(locale);
  const { subject, title, news } = WORDING[how];
  return {
    to: to.email,
    ...letterMail({
      locale,
      subject: i18n._(subject),
      title: i18n._(title),
      greeting: greetingName(to.name),
      paragraphs: [i18n._(news), i18n._("If you made this change, there is nothing more to do.")],
      highlight: [
        i18n._(
          "If it was not you, reset your password now with the code we send to this address, then tell our support team.",
        ),
      ],
      action: {
        label: i18n._("Reset my password"),
        href: pageLink(publicUrl, "/forgot-password", locale),
      },
    }),
  };
}

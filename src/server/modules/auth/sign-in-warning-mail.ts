import type { Locale } from "../../../shared/i18n/locales.ts";
import { formatShopDateTime } from "../../../shared/rules/shop-time.ts";
import { translatorFor } from "../../i18n/translator.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";
import { pageLink } from "./mail-language.ts";

/** When and where the failed sign-ins that set off a warning came from. */
export type FailedSignIns = { at: Date; address: string };

/**
 * Tells an account's owner that someone keeps failing to sign in to it. It names no one and
 * repeats nothing anyone typed (neither the address guessed at nor the account's name): only
 * the store's own words, the time and the network address the failures came from. In `locale`,
 * English when not given.
 */
export function signInWarningMail(
  to: string,
  { at, address }: FailedSignIns,
  publicUrl: string,
  locale?: Locale,
): OutgoingMail {
  const i18n = translatorFor(locale);
  return {
    to,
    ...letterMail({
      locale,
      subject: i18n._("Failed sign-ins to your Fresh Harvest Hub account"),
      title: i18n._("Someone is trying to sign in to your account"),
      paragraphs: [
        i18n._(
          "There have been several failed attempts to sign in to your Fresh Harvest Hub account with a wrong password, the latest at {time} (India time) from the network address {address}.",
          { time: formatShopDateTime(at.toISOString(), locale), address },
        ),
        i18n._(
          "If that was you, there is nothing more to do. The store slows down whoever keeps guessing, and a device you have signed in on before is let in as usual.",
        ),
      ],
      highlight: [
        i18n._(
          "If it was not you, choose a new password now with a code we send to this address, and tell our support team.",
        ),
      ],
      action: {
        label: i18n._("Reset my password"),
        href: pageLink(publicUrl, "/forgot-password", locale),
      },
    }),
  };
}

import { formatShopDateTime } from "../../../shared/rules/shop-time.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

/** When and where the failed sign-ins that set off a warning came from. */
export type FailedSignIns = { at: Date; address: string };

/**
 * Tells an account's owner that someone keeps failing to sign in to it. It names no one and
 * repeats nothing anyone typed (neither the address guessed at nor the account's name): only
 * the store's own words, the time and the network address the failures came from.
 */
export function signInWarningMail(
  to: string,
  { at, address }: FailedSignIns,
  publicUrl: string,
): OutgoingMail {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    to,
    ...letterMail({
      subject: "Failed sign-ins to your Fresh Harvest Hub account",
      title: "Someone is trying to sign in to your account",
      paragraphs: [
        `There have been several failed attempts to sign in to your Fresh Harvest Hub account with a wrong password, the latest at ${formatShopDateTime(at.toISOString())} (India time) from the network address ${address}.`,
        "If that was you, there is nothing more to do. The store slows down whoever keeps guessing, and a device you have signed in on before is let in as usual.",
      ],
      highlight: [
        "If it was not you, choose a new password now with a code we send to this address, and tell our support team.",
      ],
      action: { label: "Reset my password", href: `${base}/forgot-password` },
    }),
  };
}

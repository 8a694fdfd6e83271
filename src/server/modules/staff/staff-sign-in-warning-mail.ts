import { signInWarningLine } from "../../../shared/contracts/sign-in-warnings.ts";
import { formatShopDateTime } from "../../../shared/rules/shop-time.ts";
import type { FailedSignIns } from "../auth/index.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";

/**
 * Tells a staff member that one of the staff accounts keeps failing sign-ins. The username is
 * the one the store keeps, never the text a guesser typed.
 */
export function staffSignInWarningMail(
  to: string,
  username: string,
  { at, address }: FailedSignIns,
  publicUrl: string,
): OutgoingMail {
  const base = publicUrl.replace(/\/+$/, "");
  const iso = at.toISOString();
  return {
    to,
    ...letterMail({
      subject: signInWarningLine({ username, at: iso }),
      title: "Repeated failed sign-ins on a staff account",
      paragraphs: [
        `The staff account ${username} has had several failed sign-ins with a wrong password, the latest at ${formatShopDateTime(iso)} (India time) from the network address ${address}. Every dashboard shows this warning too.`,
        "The store slows down whoever keeps guessing; the member still gets in from a device they have signed in on before, and the authenticator's code is asked as always.",
      ],
      highlight: [
        "If it was not the member who holds the account, set a new password for it now with npm run staff:password (it signs the account out everywhere) and look through the audit log.",
      ],
      action: { label: "Open the staff sign-in", href: `${base}/admin` },
    }),
  };
}

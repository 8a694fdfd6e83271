import { greetingName } from "../../../shared/rules/person-name.ts";
import type { OutgoingMail } from "../mail/index.ts";
import { letterMail } from "../mail/index.ts";
import type { EmailChange } from "./email-change.ts";

/** Sent to the address an account used to have, naming the one it has now. */
export function emailChangedMail(change: EmailChange, publicUrl: string): OutgoingMail {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    to: change.from,
    ...letterMail({
      subject: "Your Fresh Harvest Hub email address was changed",
      title: "Your email address was changed",
      greeting: greetingName(change.name),
      paragraphs: [
        `Your Fresh Harvest Hub account now signs in with ${change.to}, confirmed with a code sent there. Emails about your orders go to that address from now on.`,
        "If you made this change, there is nothing more to do.",
      ],
      highlight: [
        "If it was not you, reply to this email or contact our support team at once, so we can give the account back to you.",
      ],
      action: { label: "Contact support", href: `${base}/customer-support` },
    }),
  };
}

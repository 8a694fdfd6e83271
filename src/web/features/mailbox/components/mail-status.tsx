import type { MailStatus } from "../../../../shared/contracts/mailbox.ts";
import { Badge } from "../../../components/ui/badge.tsx";

const LOOK: Record<
  MailStatus,
  { tone: "green" | "saffron" | "neutral" | "red"; label: string; hint: string }
> = {
  stored: {
    tone: "neutral",
    label: "Stored",
    hint: "Kept in the outbox: no SMTP server is set up",
  },
  pending: { tone: "saffron", label: "Pending", hint: "Waiting to be sent" },
  sent: { tone: "green", label: "Sent", hint: "Accepted by the SMTP server" },
  failed: { tone: "red", label: "Failed", hint: "Not delivered after every retry" },
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const look = LOOK[status];
  return (
    <span title={look.hint}>
      <Badge tone={look.tone}>{look.label}</Badge>
    </span>
  );
}

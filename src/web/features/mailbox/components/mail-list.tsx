import { Paperclip } from "lucide-react";
import type { MailSummary } from "../../../../shared/contracts/mailbox.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { cn } from "../../../lib/cn.ts";
import { MailStatusBadge } from "./mail-status.tsx";

export function MailList({
  messages,
  selectedId,
  onSelect,
}: {
  messages: MailSummary[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  return (
    <nav aria-label="Emails" className="overflow-hidden rounded-3xl bg-white shadow-card">
      <ul className="divide-y divide-cream-200">
        {messages.map((message) => {
          const selected = message.id === selectedId;
          return (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => onSelect(message.id)}
                aria-current={selected ? "true" : undefined}
                className={cn(
                  "block w-full px-5 py-4 text-left transition-colors",
                  selected ? "bg-brand-50" : "hover:bg-cream-100",
                )}
              >
                <span className="flex items-center justify-between gap-3 text-xs text-ink-500">
                  <span className="truncate">To {message.to}</span>
                  <DateTime iso={message.createdAt} />
                </span>
                <span
                  className={cn(
                    "mt-1 block truncate font-semibold",
                    selected ? "text-brand-800" : "text-ink-900",
                  )}
                >
                  {message.subject}
                </span>
                <span className="mt-2 flex items-center gap-2">
                  <MailStatusBadge status={message.status} />
                  {message.attachments.length > 0 && (
                    <span className="inline-flex items-center gap-1 text-xs text-ink-500">
                      <Paperclip aria-hidden="true" className="h-3.5 w-3.5" />
                      {message.attachments.length === 1
                        ? "1 attachment"
                        : `${message.attachments.length} attachments`}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

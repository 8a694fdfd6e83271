import { Inbox, MailX, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../components/ui/button.tsx";
import { LoadError } from "../components/ui/query-state.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { isMailboxDisabled, useMailbox } from "../features/mailbox/api/mailbox.ts";
import { MailList } from "../features/mailbox/components/mail-list.tsx";
import { MailView } from "../features/mailbox/components/mail-view.tsx";
import { useSearchParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function Notice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-16 text-center shadow-card">
      {icon}
      <h2 className="mt-4 text-xl font-bold text-ink-900">{title}</h2>
      {children && <p className="mt-2 max-w-md text-ink-500">{children}</p>}
    </div>
  );
}

/** Demo mode: every email the store has written, kept in the outbox when no SMTP server is set. */
export default function DevMailboxPage() {
  usePageTitle("Mailbox");
  const { data, error, isPending, isFetching, refetch } = useMailbox();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get("id"));
  const messages = data?.messages ?? [];
  // A link may name a mail (?id=12); otherwise the newest one is open.
  const selectedId = Number.isInteger(chosen) && chosen > 0 ? chosen : messages[0]?.id;
  const select = (id: number) => setParams({ id: String(id) }, { replace: true });

  const disabled = isMailboxDisabled(error);
  let content: ReactNode;
  if (disabled) {
    content = (
      <Notice
        icon={<MailX aria-hidden="true" className="h-12 w-12 text-brand-600" />}
        title="The mailbox is only available in demo mode."
      >
        A real store sends its emails through its mail server instead.
      </Notice>
    );
  } else if (error) {
    content = <LoadError error={error} onRetry={() => refetch()} />;
  } else if (isPending) {
    content = (
      <div className="flex justify-center rounded-3xl bg-white p-16 shadow-card">
        <Spinner label="Loading the mailbox" />
      </div>
    );
  } else if (messages.length === 0) {
    content = (
      <Notice
        icon={<Inbox aria-hidden="true" className="h-12 w-12 text-brand-600" />}
        title="No emails yet"
      >
        Order confirmations, verification codes and password reset codes appear here as soon as the
        store writes them.
      </Notice>
    );
  } else {
    content = (
      <div className="grid items-start gap-6 lg:grid-cols-[360px_1fr]">
        <MailList messages={messages} selectedId={selectedId} onSelect={select} />
        {selectedId !== undefined && <MailView key={selectedId} id={selectedId} />}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
            Demo mode
          </p>
          <h1 className="mt-1 font-display text-4xl font-bold text-ink-900">Mailbox</h1>
          {!disabled && (
            <p className="mt-2 max-w-2xl text-ink-500">
              The emails the store has written, newest first. It checks for new ones every few
              seconds.
            </p>
          )}
        </div>
        {!disabled && (
          <Button variant="outline" onClick={() => refetch()} disabled={isFetching}>
            <RefreshCw
              aria-hidden="true"
              className={isFetching ? "h-4 w-4 animate-spin" : "h-4 w-4"}
            />
            Refresh
          </Button>
        )}
      </header>
      {content}
    </div>
  );
}

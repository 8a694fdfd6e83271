import { Download } from "lucide-react";
import type { ReactNode } from "react";
import type { MailDetail } from "../../../../shared/contracts/mailbox.ts";
import { DateTime } from "../../../components/date-time.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { attachmentUrl, useMail } from "../api/mailbox.ts";
import { MailStatusBadge } from "./mail-status.tsx";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The plain-text body with its web addresses clickable (only http and https ones). */
function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <a key={index} href={part} className="text-brand-700 underline" rel="noreferrer">
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <>{parts}</>;
}

function MailContent({ mail }: { mail: MailDetail }) {
  return (
    <article aria-labelledby="mail-subject" className="rounded-3xl bg-white p-6 shadow-card">
      <header className="border-b border-cream-200 pb-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="mail-subject" className="text-xl font-bold text-ink-900">
            {mail.subject}
          </h2>
          <MailStatusBadge status={mail.status} />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-ink-700">To</dt>
          <dd className="break-all text-ink-900">{mail.to}</dd>
          <dt className="font-semibold text-ink-700">Written</dt>
          <dd className="text-ink-900">
            <DateTime iso={mail.createdAt} />
          </dd>
          {mail.sentAt && (
            <>
              <dt className="font-semibold text-ink-700">Sent</dt>
              <dd className="text-ink-900">
                <DateTime iso={mail.sentAt} />
              </dd>
            </>
          )}
          {mail.lastError && (
            <>
              <dt className="font-semibold text-ink-700">Last error</dt>
              <dd className="text-red-700">
                {mail.lastError} ({mail.attempts} {mail.attempts === 1 ? "attempt" : "attempts"})
              </dd>
            </>
          )}
        </dl>
        {mail.attachments.length > 0 && (
          <ul aria-label="Attachments" className="mt-4 flex flex-wrap gap-2">
            {mail.attachments.map((attachment, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a mail's attachments never change order, and the index is their address
              <li key={index}>
                <a
                  href={attachmentUrl(mail.id, index)}
                  download={attachment.filename}
                  className="inline-flex items-center gap-1.5 rounded-full border border-brand-600 bg-white px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                >
                  <Download aria-hidden="true" className="h-4 w-4" />
                  {attachment.filename}
                </a>
              </li>
            ))}
          </ul>
        )}
      </header>

      <section aria-labelledby="mail-html" className="mt-5">
        <h3
          id="mail-html"
          className="mb-2 text-sm font-semibold uppercase tracking-widest text-brand-600"
        >
          As sent (HTML)
        </h3>
        {/* An empty sandbox: the mail's HTML can run nothing, submit nothing, open nothing. */}
        <iframe
          sandbox=""
          srcDoc={mail.html}
          title={`Email: ${mail.subject}`}
          className="h-[32rem] w-full rounded-2xl border border-cream-200 bg-white"
        />
      </section>

      <section aria-labelledby="mail-text" className="mt-5">
        <h3
          id="mail-text"
          className="mb-2 text-sm font-semibold uppercase tracking-widest text-brand-600"
        >
          Plain text
        </h3>
        <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-2xl bg-cream-100 p-4 text-sm text-ink-900">
          <LinkedText text={mail.text} />
        </pre>
      </section>
    </article>
  );
}

/** The selected mail: headers, attachments, HTML body in a sandbox, and the text body. */
export function MailView({ id }: { id: number }) {
  const { data, error, refetch } = useMail(id);
  if (error) return <LoadError error={error} onRetry={() => refetch()} />;
  if (!data) {
    return (
      <div className="flex justify-center rounded-3xl bg-white p-12 shadow-card">
        <Spinner label="Loading the email" />
      </div>
    );
  }
  return <MailContent mail={data} />;
}

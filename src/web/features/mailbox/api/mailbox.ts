import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Mailbox, MailDetail } from "../../../../shared/contracts/mailbox.ts";
import { ApiError, api } from "../../../lib/api-client.ts";

/** New mail shows up without a reload; the list is small (newest 50, no bodies). */
export const MAILBOX_POLL_MS = 5_000;

/** The server answers 404 for every mailbox call when demo mode is off. */
export const isMailboxDisabled = (error: unknown) =>
  error instanceof ApiError && error.status === 404;

// Polling stops once the server has said no: a 4xx will not fix itself.
const pollUnlessRefused = (query: { state: { error: unknown } }) =>
  query.state.error instanceof ApiError && query.state.error.status < 500 ? false : MAILBOX_POLL_MS;

export const fetchMailbox = () => api.get<Mailbox>("/api/dev/mailbox");
export const fetchMail = (id: number) => api.get<MailDetail>(`/api/dev/mailbox/${id}`);
export const attachmentUrl = (id: number, index: number) =>
  `/api/dev/mailbox/${id}/attachments/${index}`;

export const mailboxQuery = queryOptions({
  queryKey: ["mailbox"],
  queryFn: fetchMailbox,
  refetchInterval: pollUnlessRefused,
});

export const mailQuery = (id: number) =>
  queryOptions({
    queryKey: ["mailbox", id],
    queryFn: () => fetchMail(id),
    // The bodies never change; the status does (pending, then sent).
    refetchInterval: pollUnlessRefused,
  });

export const useMailbox = () => useQuery(mailboxQuery);
export const useMail = (id: number | undefined) =>
  useQuery({ ...mailQuery(id ?? 0), enabled: id !== undefined });

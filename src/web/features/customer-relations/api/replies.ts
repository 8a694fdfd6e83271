import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CUSTOMER_RELATIONS_API,
  type StaffTicket,
} from "../../../../shared/contracts/support-inbox.ts";
import {
  type TicketChange,
  ticketChangeSchema,
} from "../../../../shared/contracts/ticket-changes.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { relationsKeys } from "./query-keys.ts";

const repliesUrl = (reference: string) =>
  `${CUSTOMER_RELATIONS_API}/tickets/${encodeURIComponent(reference)}/replies`;

export type ReplyRequest = { body: string; version: number; key: string };

/** A new Idempotency-Key, one per draft: sent again, the same reply is answered, not resent. */
export const newReplyKey = () => `reply-${crypto.randomUUID()}`;

/** What changed, when a reply was refused because the ticket moved on since the desk saw it. */
export function ticketChangeOf(error: unknown): TicketChange | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const parsed = ticketChangeSchema.safeParse((error.body as { change?: unknown })?.change);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Sends a reply against the version the desk saw. The answer is the ticket as it is now; a
 * refusal refreshes the ticket, so the desk sees what changed before deciding.
 */
export function useSendReply(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version, key }: ReplyRequest) =>
      api.post<StaffTicket>(repliesUrl(reference), { body, version }, { "idempotency-key": key }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(relationsKeys.ticket(reference), ticket);
      void queryClient.invalidateQueries({ queryKey: relationsKeys.inboxes() });
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: relationsKeys.ticket(reference) });
      void queryClient.invalidateQueries({ queryKey: relationsKeys.inboxes() });
    },
  });
}

import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type BulkResolveInput,
  type BulkResolveResult,
  CUSTOMER_RELATIONS_API,
  type InboxPage,
  type InboxQuery,
  type StaffTicket,
  type TicketStatus,
} from "../../../../shared/contracts/support-inbox.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { queryString } from "../../../lib/query-string.ts";
import type { DeskFilters } from "../desk-address.ts";
import { relationsKeys } from "./query-keys.ts";

const TICKETS = `${CUSTOMER_RELATIONS_API}/tickets`;
const ticketUrl = (reference: string) => `${TICKETS}/${encodeURIComponent(reference)}`;

/** One status of the inbox, searched and filtered, page after page as the member asks for more. */
export function useInbox(status: TicketStatus, filters: DeskFilters) {
  const query: InboxQuery = {
    status,
    q: filters.q || undefined,
    type: filters.type || undefined,
    age: filters.age || undefined,
  };
  return useInfiniteQuery({
    queryKey: relationsKeys.inbox(query),
    queryFn: ({ pageParam }) =>
      api.get<InboxPage>(`${TICKETS}${queryString({ ...query, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect.
    refetchInterval: 60_000,
  });
}

export const useStaffTicket = (reference: string | undefined) =>
  useQuery({
    queryKey: relationsKeys.ticket(reference ?? ""),
    queryFn: () => api.get<StaffTicket>(ticketUrl(reference ?? "")),
    enabled: Boolean(reference),
  });

type Change = { kind: "notes"; body: string } | { kind: "resolve" | "reopen"; version: number };

/**
 * Every change to a ticket. The answer is the ticket as it is now; a refusal because someone else
 * changed it first refreshes the ticket, so the member sees what changed before trying again.
 */
export function useChangeTicket(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: Change) =>
      api.post<StaffTicket>(`${ticketUrl(reference)}/${kind}`, body),
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

/**
 * Several tickets resolved in one request, each against the version the member saw. Whatever
 * the answer, the inbox and the open ticket refresh: some may have been refused.
 */
export function useResolveTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkResolveInput) =>
      api.post<BulkResolveResult>(`${TICKETS}/bulk-resolve`, input),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: relationsKeys.inboxes() });
      void queryClient.invalidateQueries({ queryKey: relationsKeys.tickets() });
    },
  });
}

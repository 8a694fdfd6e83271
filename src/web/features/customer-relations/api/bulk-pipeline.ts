import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BULK_PIPELINE_API,
  type PipelineFilter,
  type PipelinePage,
  type StaffBulkChangeInput,
  type StaffBulkOrder,
  type StaffQuoteInput,
} from "../../../../shared/contracts/bulk-pipeline.ts";
import {
  RELATIONS_FIGURES_API,
  type RelationsFigures,
} from "../../../../shared/contracts/relations-figures.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { queryString } from "../../../lib/query-string.ts";
import { relationsKeys } from "./query-keys.ts";

const orderUrl = (ticketId: string) => `${BULK_PIPELINE_API}/${encodeURIComponent(ticketId)}`;

export const usePipeline = (status: PipelineFilter) =>
  useQuery({
    queryKey: relationsKeys.pipeline(status),
    queryFn: () => api.get<PipelinePage>(`${BULK_PIPELINE_API}${queryString({ status })}`),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

export const useStaffBulkOrder = (ticketId: string | undefined) =>
  useQuery({
    queryKey: relationsKeys.bulkOrder(ticketId ?? ""),
    queryFn: () => api.get<StaffBulkOrder>(orderUrl(ticketId ?? "")),
    enabled: Boolean(ticketId),
  });

export const useRelationsFigures = () =>
  useQuery({
    queryKey: relationsKeys.figures(),
    queryFn: () => api.get<RelationsFigures>(RELATIONS_FIGURES_API),
    refetchInterval: 60_000,
  });

export type BulkMove =
  | ({ kind: "quote" } & StaffQuoteInput)
  /** After the advance: the lines at their prices, the discount and the delivery charge. */
  | ({ kind: "lines" } & StaffBulkChangeInput)
  | { kind: "confirm"; version: number }
  | {
      kind: "deliver";
      version: number;
      balanceMethod: "cash" | "online";
      /** Asked only before the event's day. */
      earlyReason?: string;
    }
  | { kind: "cancel"; version: number; reason: string }
  /** Before the event's day, with why. */
  | { kind: "to-board"; version: number; reason?: string };

/** A move of a bulk order; a refusal because it changed meanwhile refreshes it. */
export function useBulkMove(ticketId: string) {
  const queryClient = useQueryClient();
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: relationsKeys.pipelines() });
    void queryClient.invalidateQueries({ queryKey: relationsKeys.figures() });
  };
  return useMutation({
    mutationFn: ({ kind, ...body }: BulkMove) =>
      api.post<StaffBulkOrder>(`${orderUrl(ticketId)}/${kind}`, body),
    onSuccess: (order) => {
      queryClient.setQueryData(relationsKeys.bulkOrder(ticketId), order);
      refreshLists();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      void queryClient.invalidateQueries({ queryKey: relationsKeys.bulkOrder(ticketId) });
      refreshLists();
    },
  });
}

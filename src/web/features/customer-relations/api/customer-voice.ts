import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  FEEDBACK_API,
  type FeedbackPage,
  type LowRatingsPage,
  RATINGS_API,
  type RatingsSummary,
} from "../../../../shared/contracts/customer-voice.ts";
import { api } from "../../../lib/api-client.ts";
import { queryString } from "../../../lib/query-string.ts";
import { relationsKeys } from "./query-keys.ts";

const pages = { initialPageParam: undefined as string | undefined, refetchInterval: 60_000 };

export const useFeedback = () =>
  useInfiniteQuery({
    ...pages,
    queryKey: relationsKeys.feedback(),
    queryFn: ({ pageParam }) =>
      api.get<FeedbackPage>(`${FEEDBACK_API}${queryString({ cursor: pageParam })}`),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useRatings = () =>
  useQuery({
    queryKey: relationsKeys.ratings(),
    queryFn: () => api.get<RatingsSummary>(RATINGS_API),
    refetchInterval: 60_000,
  });

export const useLowRatings = () =>
  useInfiniteQuery({
    ...pages,
    queryKey: relationsKeys.lowRatings(),
    queryFn: ({ pageParam }) =>
      api.get<LowRatingsPage>(`${RATINGS_API}/low${queryString({ cursor: pageParam })}`),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** After an answer opened a conversation: the lists that link to it, and the inbox, refresh. */
function useRefreshAfterAnswer() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      relationsKeys.feedback(),
      relationsKeys.lowRatings(),
      relationsKeys.inboxes(),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}

export function useMarkFeedbackRead() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: (id: number) => api.post<null>(`${FEEDBACK_API}/${id}/read`, {}),
    onSettled: refresh,
  });
}

export function useReplyToFeedback() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      api.post<{ reference: string }>(`${FEEDBACK_API}/${id}/replies`, { body }),
    onSettled: refresh,
  });
}

export function useFollowUpRating() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: ({ orderNumber, body }: { orderNumber: string; body: string }) =>
      api.post<{ reference: string }>(
        `${RATINGS_API}/${encodeURIComponent(orderNumber)}/follow-ups`,
        { body },
      ),
    onSettled: refresh,
  });
}

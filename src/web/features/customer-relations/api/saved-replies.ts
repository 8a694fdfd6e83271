import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  SAVED_REPLIES_API,
  type SavedReply,
  type SavedReplyInput,
} from "../../../../shared/contracts/saved-replies.ts";
import { api } from "../../../lib/api-client.ts";
import { relationsKeys } from "./query-keys.ts";

/** The desk's saved replies, by title; kept fresh by the live stream. */
export const useSavedReplies = () =>
  useQuery({
    queryKey: relationsKeys.savedReplies(),
    queryFn: () => api.get<{ replies: SavedReply[] }>(SAVED_REPLIES_API),
    select: (data) => data.replies,
  });

type Change =
  | { kind: "create"; input: SavedReplyInput }
  | { kind: "update"; id: number; input: SavedReplyInput }
  | { kind: "delete"; id: number };

/** Writing, editing or deleting a saved reply; the list is read again after each. */
export function useChangeSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      change.kind === "create"
        ? api.post<SavedReply>(SAVED_REPLIES_API, change.input)
        : change.kind === "update"
          ? api.put<SavedReply>(`${SAVED_REPLIES_API}/${change.id}`, change.input)
          : api.delete<null>(`${SAVED_REPLIES_API}/${change.id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: relationsKeys.savedReplies() }),
  });
}

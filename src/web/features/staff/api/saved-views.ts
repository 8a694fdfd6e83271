import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type SavedViewInput,
  type SavedViews,
  savedViewsPath,
} from "../../../../shared/contracts/saved-views.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { api } from "../../../lib/api-client.ts";

export const savedViewsQuery = (dashboard: StaffRole) =>
  queryOptions({
    queryKey: ["staff", dashboard, "saved-views"] as const,
    queryFn: () => api.get<SavedViews>(savedViewsPath(dashboard)),
  });

/** The signed-in member's saved views of their dashboard, by name. */
export const useSavedViews = (dashboard: StaffRole) => useQuery(savedViewsQuery(dashboard));

/** Every write answers the whole list, which replaces the cached one. */
function useViewsWrite<T>(dashboard: StaffRole, send: (input: T) => Promise<SavedViews>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (views) => client.setQueryData(savedViewsQuery(dashboard).queryKey, views),
  });
}

/** Saves the current filters under a name; a view of the same name is replaced. */
export const useSaveView = (dashboard: StaffRole) =>
  useViewsWrite(dashboard, (view: SavedViewInput) =>
    api.put<SavedViews>(savedViewsPath(dashboard), view),
  );

export const useDeleteView = (dashboard: StaffRole) =>
  useViewsWrite(dashboard, (id: number) =>
    api.delete<SavedViews>(`${savedViewsPath(dashboard)}/${id}`),
  );

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { sessionQuery } from "../account/api/session.ts";

/**
 * The signed-in customer's id: null for a guest, undefined until the server has answered.
 * Read from the query cache, not from this component's query: signing in and out clears the
 * whole cache, which leaves a query observer above the router watching the removed query.
 */
export function useSessionCustomerId(): string | null | undefined {
  const queryClient = useQueryClient();
  // Asks the server at start, and again when a sign-in or logout has emptied the cache.
  useQuery(sessionQuery);
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => {
      const customer = queryClient.getQueryData(sessionQuery.queryKey);
      return customer === undefined ? undefined : (customer?.id ?? null);
    },
    () => undefined,
  );
}

import { type QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client.ts";

export function createQueryClient(queryCache?: QueryCache) {
  return new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        // A 4xx will not fix itself; a network blip or a 5xx might.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

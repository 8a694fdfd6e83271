import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type BoardPage, type BoardQuery, SALES_API } from "../../../../shared/contracts/sales.ts";
import { api } from "../../../lib/api-client.ts";
import { queryString } from "../../../lib/query-string.ts";
import { salesKeys } from "./query-keys.ts";

export const salesBoardQuery = (query: BoardQuery) =>
  queryOptions({
    queryKey: salesKeys.board(query),
    queryFn: () => api.get<BoardPage>(`${SALES_API}/orders${queryString(query)}`),
    // A new filter or page keeps the last rows on screen instead of a skeleton per keystroke.
    placeholderData: keepPreviousData,
    // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect.
    refetchInterval: 60_000,
  });

/** One page of the order board, newest first. */
export const useSalesBoard = (query: BoardQuery) => useQuery(salesBoardQuery(query));

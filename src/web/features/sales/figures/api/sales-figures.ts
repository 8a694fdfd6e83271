import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { LIVE_TOPICS } from "../../../../../shared/contracts/live-topics.ts";
import {
  type ChartRange,
  ORDER_LINES_CSV_PATH,
  ORDERS_CSV_PATH,
  SALES_SUMMARY_PATH,
  type SalesSummary,
} from "../../../../../shared/contracts/sales-figures.ts";
import { api } from "../../../../lib/api-client.ts";

// The figures' own keys, beside the board's (["staff", "sales", ...]) but apart from them: the
// board's live refresh leaves the figures alone, and theirs leaves the board alone.
const all = ["staff", "sales", "figures"] as const;

export const salesFiguresKeys = {
  all,
  summary: (range: ChartRange) => [...all, "summary", range] as const,
};

/** What each staff event topic refreshes here: any order placed or moved changes the figures. */
export const SALES_FIGURES_LIVE_KEYS = {
  [LIVE_TOPICS.orders]: [salesFiguresKeys.all],
} as const satisfies Record<string, readonly (readonly unknown[])[]>;

export const salesSummaryQuery = (range: ChartRange) =>
  queryOptions({
    queryKey: salesFiguresKeys.summary(range),
    queryFn: () => api.get<SalesSummary>(`${SALES_SUMMARY_PATH}?range=${range}`),
    // Kept fresh by the live event stream; a slow poll covers a stream that cannot connect (and
    // moves "today" on at midnight).
    refetchInterval: 60_000,
    // Switching the chart's span keeps the cards on screen while the other span loads.
    placeholderData: keepPreviousData,
  });

export const useSalesSummary = (range: ChartRange) => useQuery(salesSummaryQuery(range));

/**
 * Where the export form sends its days (a plain GET with `from` and `to`): the browser downloads
 * the file with the staff session's cookie, writing it as the server streams it.
 */
export const ORDERS_CSV_ACTION = ORDERS_CSV_PATH;
/** The same form, one row per order line. */
export const ORDER_LINES_CSV_ACTION = ORDER_LINES_CSV_PATH;

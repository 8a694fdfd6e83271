// The Sales Manager's dashboard (/admin/dashboard/2): loaded lazily by the staff shell, so none of
// it reaches the storefront. The order board comes first: getting orders out on time is the
// manager's work; the figures follow below it.
import { ClipboardList } from "lucide-react";
import { useMemo, useState } from "react";
import { LARGE_ORDER_TEXT } from "../../../shared/rules/large-order-share.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { LoadError } from "../../components/ui/query-state.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useSearchParams } from "../../lib/router/index.ts";
import { LiveStatus } from "../staff/ui/live-status.tsx";
import { SavedViewsMenu } from "../staff/ui/saved-views-menu.tsx";
import { KeyboardShortcuts } from "../staff/ui/shortcuts-help.tsx";
import { useServerClock } from "../staff/use-server-clock.ts";
import { useSalesBoard } from "./api/board.ts";
import { type BoardAddress, boardSearch, readBoardAddress } from "./board-address.ts";
import {
  BoardFilters,
  type BoardFilterValues,
  isFiltered,
  toBoardQuery,
} from "./components/board-filters.tsx";
import { BoardPager } from "./components/board-pager.tsx";
import { BulkBar } from "./components/bulk-bar.tsx";
import {
  BOARD_HEADING_ID,
  type OpenStep,
  OrderBoard,
  OrderBoardSkeleton,
} from "./components/order-board.tsx";
import { OrderSheet, type SheetStep } from "./components/order-sheet.tsx";
import { RefundRequests } from "./components/refund-requests.tsx";
import { SalesFigures } from "./figures/sales-figures.tsx";
import { LargeOrderNotices } from "./large-order-notices.tsx";
import { PICK_LIST_PATH } from "./paths.ts";
import { useQueuedCount } from "./pending-moves.ts";
import { SALES_TEXT } from "./texts.ts";
import { useFreshOrders } from "./use-fresh-orders.ts";
import { useOfflineMoves } from "./use-offline-moves.ts";
import { useSalesLive } from "./use-sales-live.ts";

const text = SALES_TEXT.board;

/** How many moves made offline wait for the network; nothing when none. */
function OfflineCount() {
  const count = useQueuedCount();
  return (
    <p
      role="status"
      data-testid="sales-offline-count"
      className="text-sm font-semibold text-saffron-800"
    >
      {count > 0 ? SALES_TEXT.offline.waiting(count) : ""}
    </p>
  );
}

export function SalesDashboard() {
  useSalesLive();
  useOfflineMoves();
  // The filters and the open order are the address's: a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const address = useMemo(() => readBoardAddress(params), [params]);
  const { filters } = address;
  const go = (next: BoardAddress) =>
    void setParams(boardSearch(next), { replace: true, preventScrollReset: true });
  // The cursors of the pages after the first, in order: Previous drops the last one.
  const [cursors, setCursors] = useState<string[]>([]);
  const [step, setStep] = useState<SheetStep>("view");
  // Ticked orders; only those shown on this page count (a filter or page change hides the rest).
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const selection = {
    selected,
    onToggle: (orderNumber: string, checked: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (checked) next.add(orderNumber);
        else next.delete(orderNumber);
        return next;
      }),
  };
  const open = address.order ? { orderNumber: address.order, step } : undefined;
  const setOpen = (next: { orderNumber: string; step: SheetStep } | undefined) => {
    if (next) setStep(next.step);
    go({ ...address, order: next?.orderNumber });
  };

  const query = { ...toBoardQuery(filters), cursor: cursors.at(-1) };
  const board = useSalesBoard(query);
  const page = board.data;
  const now = useServerClock(page?.now, board.dataUpdatedAt);
  const fresh = useFreshOrders(
    board.isPlaceholderData ? undefined : page?.orders,
    JSON.stringify(query),
  );

  const changeFilters = (next: BoardFilterValues) => {
    go({ ...address, filters: next });
    setCursors([]);
  };
  // A saved view replaces the filters; the filters' own fields start again from the address.
  const [viewsApplied, setViewsApplied] = useState(0);
  const applyView = (query: string) => {
    changeFilters(readBoardAddress(new URLSearchParams(query)).filters);
    setViewsApplied((count) => count + 1);
  };
  const openOrder = (orderNumber: string, step: OpenStep) => setOpen({ orderNumber, step });
  // A search the server cannot read is the manager's typing, not a failure of the board.
  const searchError =
    board.error instanceof ApiError && board.error.field === "q" ? board.error.message : undefined;

  return (
    <div className="space-y-8">
      <LargeOrderNotices
        dashboard="sales"
        action={{
          label: LARGE_ORDER_TEXT.openOrder,
          nameFor: (notice) => LARGE_ORDER_TEXT.openOrderFor(notice.orderNumber),
          run: (notice) => openOrder(notice.orderNumber, "view"),
        }}
      />
      <RefundRequests onRefund={(orderNumber) => setOpen({ orderNumber, step: "refund" })} />
      <section aria-labelledby={BOARD_HEADING_ID} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h2
                id={BOARD_HEADING_ID}
                tabIndex={-1}
                className="font-display text-2xl font-bold text-ink-900 sm:text-3xl"
              >
                {text.heading}
              </h2>
              <LiveStatus />
              <OfflineCount />
            </div>
            <p className="mt-1 text-sm text-ink-500">{text.intro}</p>
          </div>
          <ButtonLink to={PICK_LIST_PATH} variant="outline" className="self-start sm:self-auto">
            <ClipboardList aria-hidden="true" className="h-4 w-4" /> {text.pickList}
          </ButtonLink>
        </div>

        <div className="flex flex-wrap items-center justify-end gap-2">
          <SavedViewsMenu
            dashboard="sales"
            query={boardSearch({ filters, order: undefined }).toString()}
            onApply={applyView}
          />
          <KeyboardShortcuts dashboard="sales" />
        </div>
        <BoardFilters
          key={viewsApplied}
          filters={filters}
          onChange={changeFilters}
          searchError={searchError}
        />

        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-ink-500">
            {page && text.count(page.orders.length, cursors.length + 1)}
            {board.isFetching && !board.isPending ? text.updating : ""}
          </p>
          {board.isError && page && !searchError && (
            <p role="alert" className="font-semibold text-red-700">
              {text.stale}
            </p>
          )}
          <p
            role="status"
            data-testid="sales-new-order-notice"
            className="font-semibold text-ink-900"
          >
            {fresh.message}
          </p>
        </div>

        {page && !board.isPending && (
          <BulkBar orders={page.orders} selected={selected} onSelect={setSelected} />
        )}

        {board.isPending ? (
          <OrderBoardSkeleton />
        ) : board.isError && !page && !searchError ? (
          <LoadError error={board.error} onRetry={() => void board.refetch()} />
        ) : (
          <OrderBoard
            orders={page?.orders ?? []}
            now={now}
            fresh={fresh.numbers}
            filtered={isFiltered(filters)}
            onOpen={openOrder}
            selection={selection}
          />
        )}

        <BoardPager
          page={cursors.length + 1}
          hasNext={Boolean(page?.nextCursor)}
          busy={board.isPlaceholderData}
          onPrevious={() => setCursors((stack) => stack.slice(0, -1))}
          onNext={() => {
            const next = page?.nextCursor;
            if (next) setCursors((stack) => [...stack, next]);
          }}
        />
      </section>

      <SalesFigures />

      <OrderSheet
        orderNumber={open?.orderNumber}
        step={open?.step ?? "view"}
        onStep={setStep}
        onClose={() => setOpen(undefined)}
      />
    </div>
  );
}

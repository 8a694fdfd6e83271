import { PackageSearch } from "lucide-react";
import type { BoardOrder } from "../../../../shared/contracts/sales.ts";
import { formatRupees } from "../../../../shared/money.ts";
import { formatShopDateTime } from "../../../../shared/rules/shop-time.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../lib/cn.ts";
import { SALES_TEXT } from "../texts.ts";
import type { BoardSelection } from "./bulk-bar.tsx";
import { NextMoveButton } from "./next-move-button.tsx";
import { OrderStatusBadge, PaymentBadges } from "./order-badges.tsx";
import { PromiseAge } from "./promise-age.tsx";

export type OpenStep = "view" | "pack";

type BoardProps = {
  orders: BoardOrder[];
  /** The server's clock, ticking: ages and promise states are worked out against it. */
  now: Date;
  /** Orders that have just arrived, shown with a brief highlight. */
  fresh: ReadonlySet<string>;
  onOpen(orderNumber: string, step: OpenStep): void;
  /** Ticks for working on several orders at once; none without. */
  selection?: BoardSelection;
};

/** The tick that selects an order for the bulk actions, named by its order number. */
function SelectTick({ order, selection }: { order: BoardOrder; selection?: BoardSelection }) {
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={SALES_TEXT.bulk.select(order.orderNumber)}
      checked={selection.selected.has(order.orderNumber)}
      onChange={(event) => selection.onToggle(order.orderNumber, event.target.checked)}
      className="h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
    />
  );
}

const text = SALES_TEXT.columns;

function OrderButton({ order, onOpen }: { order: BoardOrder; onOpen: BoardProps["onOpen"] }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-shortcut-open
      onClick={() => onOpen(order.orderNumber, "view")}
      className="rounded font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      {order.orderNumber}
    </button>
  );
}

function FreshBadge() {
  return (
    <Badge tone="saffron" className="ml-2">
      {SALES_TEXT.board.newBadge}
    </Badge>
  );
}

function Placed({ order }: { order: BoardOrder }) {
  return (
    <time dateTime={order.placedAt} className="block text-xs text-ink-500">
      {formatShopDateTime(order.placedAt)}
    </time>
  );
}

/** The board's heading, where focus goes when the button it was on is gone. */
export const BOARD_HEADING_ID = "sales-orders-heading";

function Move({ order, onOpen }: { order: BoardOrder; onOpen: BoardProps["onOpen"] }) {
  return (
    <span data-shortcut-move>
      <NextMoveButton
        orderNumber={order.orderNumber}
        status={order.status}
        onPack={() => onOpen(order.orderNumber, "pack")}
        onLastMove={() => document.getElementById(BOARD_HEADING_ID)?.focus()}
      />
    </span>
  );
}

const rowTone = (isFresh: boolean) =>
  cn("transition-colors duration-1000", isFresh ? "bg-saffron-400/15" : "bg-white");

/** Phones and tablets: one card per order. */
function OrderCards({ orders, now, fresh, onOpen, selection }: BoardProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:hidden" aria-label={SALES_TEXT.board.heading}>
      {orders.map((order) => (
        <li
          key={order.orderNumber}
          data-testid="sales-order-row"
          data-shortcut-row={order.orderNumber}
          data-new={fresh.has(order.orderNumber) || undefined}
          className={cn(
            "flex flex-col rounded-2xl p-4 shadow-card",
            rowTone(fresh.has(order.orderNumber)),
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-3">
              <span className="pt-0.5">
                <SelectTick order={order} selection={selection} />
              </span>
              <div className="min-w-0">
                <p>
                  <OrderButton order={order} onOpen={onOpen} />
                  {fresh.has(order.orderNumber) && <FreshBadge />}
                </p>
                <Placed order={order} />
              </div>
            </div>
            <OrderStatusBadge status={order.status} />
          </div>
          <PromiseAge order={order} now={now} className="mt-2" />
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="text-xs text-ink-500">{text.customer}</dt>
              <dd className="truncate font-semibold">
                {order.customerName} <span className="font-normal text-ink-500">{order.phone}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-500">{text.pincode}</dt>
              <dd>{order.pincode}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-500">{text.total}</dt>
              <dd className="font-semibold tabular-nums">
                {formatRupees(order.totalPaise)}{" "}
                <span className="font-normal text-ink-500">
                  · {SALES_TEXT.items(order.itemCount)}
                </span>
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="sr-only">{text.payment}</dt>
              <dd>
                <PaymentBadges method={order.paymentMethod} status={order.paymentStatus} />
              </dd>
            </div>
          </dl>
          <div className="mt-auto flex justify-end pt-3">
            <Move order={order} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function OrderTable({ orders, now, fresh, onOpen, selection }: BoardProps) {
  const th = "px-3 py-3 font-semibold";
  return (
    <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-card lg:block">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">{SALES_TEXT.board.caption}</caption>
        <thead className="border-b border-cream-200 bg-cream-50 text-xs uppercase tracking-wide text-ink-500">
          <tr>
            <th scope="col" className="w-10 py-3 pl-4 pr-0">
              <span className="sr-only">{SALES_TEXT.bulk.label}</span>
            </th>
            <th scope="col" className={th}>
              {text.order}
            </th>
            <th scope="col" className={th}>
              {text.customer}
            </th>
            <th scope="col" className={th}>
              {text.pincode}
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              {text.items}
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              {text.total}
            </th>
            <th scope="col" className={th}>
              {text.payment}
            </th>
            <th scope="col" className={th}>
              {text.status}
            </th>
            <th scope="col" className={th}>
              {text.age}
            </th>
            <th scope="col" className={cn(th, "text-right")}>
              <span className="sr-only">{text.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {orders.map((order) => (
            <tr
              key={order.orderNumber}
              data-testid="sales-order-row"
              data-shortcut-row={order.orderNumber}
              data-new={fresh.has(order.orderNumber) || undefined}
              className={rowTone(fresh.has(order.orderNumber))}
            >
              <td className="py-3 pl-4 pr-0">
                <SelectTick order={order} selection={selection} />
              </td>
              <th scope="row" className="whitespace-nowrap px-3 py-3 font-normal">
                <OrderButton order={order} onOpen={onOpen} />
                {fresh.has(order.orderNumber) && <FreshBadge />}
                <Placed order={order} />
              </th>
              <td className="max-w-48 px-3 py-3">
                <span className="block truncate font-semibold text-ink-900">
                  {order.customerName}
                </span>
                <span className="block text-xs text-ink-500">{order.phone}</span>
              </td>
              <td className="px-3 py-3 tabular-nums">{order.pincode}</td>
              <td className="px-3 py-3 text-right tabular-nums">{order.itemCount}</td>
              <td className="whitespace-nowrap px-3 py-3 text-right font-semibold tabular-nums">
                {formatRupees(order.totalPaise)}
              </td>
              <td className="px-3 py-3">
                <PaymentBadges method={order.paymentMethod} status={order.paymentStatus} />
              </td>
              <td className="px-3 py-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="px-3 py-3">
                <PromiseAge order={order} now={now} />
              </td>
              <td className="px-3 py-3 text-right">
                <Move order={order} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The orders of one page: a table on wide screens, cards on a phone; a plain note when none. */
export function OrderBoard({ filtered, ...props }: BoardProps & { filtered: boolean }) {
  if (props.orders.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-10 text-center shadow-card">
        <PackageSearch aria-hidden="true" className="h-10 w-10 text-brand-500" />
        <p className="font-semibold text-ink-900">{SALES_TEXT.board.emptyTitle}</p>
        <p className="text-sm text-ink-500">
          {filtered ? SALES_TEXT.board.emptyFiltered : SALES_TEXT.board.emptyOpen}
        </p>
      </div>
    );
  }
  return (
    <>
      <OrderCards {...props} />
      <OrderTable {...props} />
    </>
  );
}

export function OrderBoardSkeleton() {
  return (
    <div
      role="status"
      aria-label={SALES_TEXT.board.loading}
      className="space-y-2 rounded-2xl bg-white p-4 shadow-card"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell apart
          key={index}
          aria-hidden="true"
          className="h-12 animate-pulse rounded-xl bg-cream-200"
        />
      ))}
    </div>
  );
}

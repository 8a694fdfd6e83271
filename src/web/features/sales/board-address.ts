// The Sales board's filters and open order live in the address
// (`/admin/dashboard/2?status=packed&order=FHH-123456`): a reload keeps them and a link shows a
// colleague the same orders. What the address cannot mean is left out, never an error.
import { PAYMENT_METHODS } from "../../../shared/contracts/checkout.ts";
import { BOARD_STATUS_FILTERS, ORDER_KINDS } from "../../../shared/contracts/sales.ts";
import { PAYMENT_STATUSES } from "../../../shared/rules/order-status.ts";
import { MAX_SEARCH_LENGTH } from "../../../shared/rules/product-filters.ts";
import { type BoardFilterValues, DEFAULT_BOARD_FILTERS } from "./components/board-filters.tsx";

export type BoardAddress = { filters: BoardFilterValues; order: string | undefined };

/** "All orders" is a choice of its own; the board's default (open orders) needs no word. */
const ALL_STATUSES = "all";
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ORDER_NUMBER = /^FHH-[A-Z0-9-]{1,30}$/;

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined =>
  choices.find((choice) => choice === value);

export function readBoardAddress(params: URLSearchParams): BoardAddress {
  const status = params.get("status");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return DAY.test(value) ? value : "";
  };
  const order = params.get("order") ?? "";
  return {
    filters: {
      status:
        status === ALL_STATUSES
          ? ""
          : (oneOf(BOARD_STATUS_FILTERS, status) ?? DEFAULT_BOARD_FILTERS.status),
      paymentMethod: oneOf(PAYMENT_METHODS, params.get("payment")) ?? "",
      paymentStatus: oneOf(PAYMENT_STATUSES, params.get("paid")) ?? "",
      from: day("from"),
      to: day("to"),
      late: params.get("late") === "1",
      kind: oneOf(ORDER_KINDS, params.get("kind")) ?? "",
      q: (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH),
    },
    order: ORDER_NUMBER.test(order) ? order : undefined,
  };
}

/** The address's query for the board: only what differs from the board's default. */
export function boardSearch({ filters, order }: BoardAddress): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== DEFAULT_BOARD_FILTERS.status) {
    params.set("status", filters.status || ALL_STATUSES);
  }
  if (filters.paymentMethod) params.set("payment", filters.paymentMethod);
  if (filters.paymentStatus) params.set("paid", filters.paymentStatus);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.late) params.set("late", "1");
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.q) params.set("q", filters.q);
  if (order) params.set("order", order);
  return params;
}

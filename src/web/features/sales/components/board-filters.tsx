import { X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "../../../../shared/contracts/checkout.ts";
import {
  BOARD_STATUS_FILTERS,
  type BoardQuery,
  ORDER_KIND_LABELS,
  ORDER_KINDS,
  type OrderKind,
} from "../../../../shared/contracts/sales.ts";
import { shopDate } from "../../../../shared/rules/bulk-delivery-date.ts";
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "../../../../shared/rules/order-status.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Select } from "../../../components/ui/field.tsx";
import { useSettled } from "../../../lib/use-settled.ts";
import { SearchInput } from "../../staff/ui/search-input.tsx";
import { SALES_TEXT } from "../texts.ts";

type StatusFilter = (typeof BOARD_STATUS_FILTERS)[number];

export type BoardFilterValues = {
  status: StatusFilter | "";
  paymentMethod: PaymentMethod | "";
  paymentStatus: PaymentStatus | "";
  /** India days, "YYYY-MM-DD", or "" for no bound. */
  from: string;
  to: string;
  late: boolean;
  kind: OrderKind | "";
  q: string;
};

/** The board opens on what needs doing: every order not yet delivered or cancelled. */
export const DEFAULT_BOARD_FILTERS: BoardFilterValues = {
  status: "open",
  paymentMethod: "",
  paymentStatus: "",
  from: "",
  to: "",
  late: false,
  kind: "",
  q: "",
};

const text = SALES_TEXT.filters;

const daysReversed = (filters: BoardFilterValues) =>
  Boolean(filters.from && filters.to && filters.from > filters.to);

export const isFiltered = (filters: BoardFilterValues) =>
  JSON.stringify(filters) !== JSON.stringify(DEFAULT_BOARD_FILTERS);

/** The filters as the API reads them; a reversed range is left out until it is put right. */
export function toBoardQuery(filters: BoardFilterValues): BoardQuery {
  const reversed = daysReversed(filters);
  return {
    status: filters.status || undefined,
    paymentMethod: filters.paymentMethod || undefined,
    paymentStatus: filters.paymentStatus || undefined,
    from: (!reversed && filters.from) || undefined,
    to: (!reversed && filters.to) || undefined,
    late: filters.late || undefined,
    kind: filters.kind || undefined,
    q: filters.q.trim() || undefined,
  };
}

export function BoardFilters({
  filters,
  onChange,
  searchError,
}: {
  filters: BoardFilterValues;
  onChange(next: BoardFilterValues): void;
  /** The server's word on a search it cannot read, shown under the box. */
  searchError?: string | undefined;
}) {
  const id = useId();
  const today = shopDate(new Date());
  const [search, setSearch] = useState(filters.q);
  const settled = useSettled(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search is passed on
  useEffect(() => {
    if (settled !== filters.q) onChange({ ...filters, q: settled });
  }, [settled]);
  // "Clear filters" empties the box too.
  useEffect(() => {
    if (filters.q === "") setSearch("");
  }, [filters.q]);

  const set = <K extends keyof BoardFilterValues>(name: K, value: BoardFilterValues[K]) =>
    onChange({ ...filters, [name]: value });
  const reversed = daysReversed(filters);

  return (
    <fieldset className="rounded-2xl bg-white p-4 shadow-card sm:p-5">
      <legend className="sr-only">{text.label}</legend>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="col-span-2 space-y-1.5">
          <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-ink-700">
            {text.search}
          </label>
          <SearchInput
            id={`${id}-q`}
            value={search}
            placeholder={text.searchPlaceholder}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? `${id}-q-error` : undefined}
            onChange={(event) => setSearch(event.target.value)}
          />
          {searchError && (
            <p id={`${id}-q-error`} className="text-sm text-red-700" role="alert">
              {searchError}
            </p>
          )}
        </div>
        <div className="col-span-2 sm:col-span-1">
          <Field id={`${id}-status`} label={text.status}>
            <Select
              value={filters.status}
              onChange={(event) => set("status", event.target.value as StatusFilter | "")}
            >
              <option value="">{text.allStatuses}</option>
              {BOARD_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {status === "open" ? text.open : ORDER_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div>
          <Field id={`${id}-method`} label={text.method}>
            <Select
              value={filters.paymentMethod}
              onChange={(event) => set("paymentMethod", event.target.value as PaymentMethod | "")}
            >
              <option value="">{text.allMethods}</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_LABELS[method]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div>
          <Field id={`${id}-kind`} label={text.kind}>
            <Select
              value={filters.kind}
              onChange={(event) => set("kind", event.target.value as OrderKind | "")}
            >
              <option value="">{text.allKinds}</option>
              {ORDER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {ORDER_KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div>
          <Field id={`${id}-payment`} label={text.paymentStatus}>
            <Select
              value={filters.paymentStatus}
              onChange={(event) => set("paymentStatus", event.target.value as PaymentStatus | "")}
            >
              <option value="">{text.allPaymentStatuses}</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PAYMENT_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field id={`${id}-from`} label={text.from}>
          <Input
            type="date"
            max={today}
            value={filters.from}
            onChange={(event) => set("from", event.target.value)}
          />
        </Field>
        <Field id={`${id}-to`} label={text.to} error={reversed ? text.daysReversed : undefined}>
          <Input
            type="date"
            max={today}
            value={filters.to}
            onChange={(event) => set("to", event.target.value)}
          />
        </Field>
        <div className="col-span-2 flex flex-wrap items-end justify-between gap-3 sm:col-span-1">
          <label className="inline-flex h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-ink-700">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-600"
              checked={filters.late}
              onChange={(event) => set("late", event.target.checked)}
            />
            {text.lateOnly}
          </label>
          {isFiltered(filters) && (
            <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_BOARD_FILTERS)}>
              <X aria-hidden="true" className="h-4 w-4" /> {text.clear}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}

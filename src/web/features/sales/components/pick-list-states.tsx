import { useMemo } from "react";
import { PICK_LIST_STATUSES, type PickListStatus } from "../../../../shared/contracts/sales.ts";
import { ORDER_STATUS_LABELS } from "../../../../shared/rules/order-status.ts";
import { useSearchParams } from "../../../lib/router/index.ts";
import { SALES_TEXT } from "../texts.ts";

const text = SALES_TEXT.print;

/**
 * The states the pick list gathers, kept in the address (`?status=placed`) so a reload or a
 * shared link keeps them; none named, or none the list knows, is both.
 */
export function usePickListStates() {
  const [params, setParams] = useSearchParams();
  const named = params.get("status")?.split(",") ?? [];
  const key = named.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address's text is the key
  const statuses = useMemo(() => {
    const chosen = PICK_LIST_STATUSES.filter((status) => named.includes(status));
    return chosen.length > 0 ? chosen : [...PICK_LIST_STATUSES];
  }, [key]);
  const choose = (next: PickListStatus[]) =>
    void setParams(next.length === PICK_LIST_STATUSES.length ? {} : { status: next.join(",") }, {
      replace: true,
      preventScrollReset: true,
    });
  return [statuses, choose] as const;
}

/** The states' labels joined as a person reads them ("placed and confirmed"). */
export const statesText = (statuses: readonly PickListStatus[], join: "and" | "or") =>
  (join === "and" ? text.statesAnd : text.statesOr)(
    statuses.map((status) => ORDER_STATUS_LABELS[status].toLowerCase()),
  );

/** Ticks for the states to gather; the last one ticked cannot be cleared, so the list has one. */
export function PickListStates({
  statuses,
  onChange,
}: {
  statuses: readonly PickListStatus[];
  onChange: (next: PickListStatus[]) => void;
}) {
  return (
    <fieldset className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 print:hidden">
      <legend className="sr-only">{text.pickListInclude}</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-ink-500">
        {text.pickListInclude}
      </span>
      {PICK_LIST_STATUSES.map((status) => {
        const checked = statuses.includes(status);
        const last = checked && statuses.length === 1;
        return (
          <label
            key={status}
            className="inline-flex h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-ink-700"
          >
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-600"
              checked={checked}
              disabled={last}
              title={last ? text.pickListIncludeHint : undefined}
              onChange={(event) =>
                onChange(
                  PICK_LIST_STATUSES.filter((each) =>
                    each === status ? event.target.checked : statuses.includes(each),
                  ),
                )
              }
            />
            {ORDER_STATUS_LABELS[status]}
          </label>
        );
      })}
    </fieldset>
  );
}

import { CheckCheck, Printer, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { BoardOrder } from "../../../../shared/contracts/sales.ts";
import type { BulkConfirmResult } from "../../../../shared/contracts/sales-bulk.ts";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useConfirmOrders } from "../api/order.ts";
import { packingSlipsPath } from "../paths.ts";
import { SALES_TEXT } from "../texts.ts";

const text = SALES_TEXT.bulk;

/** The board's selection: which shown orders are ticked, and how to tick and untick them. */
export type BoardSelection = {
  selected: ReadonlySet<string>;
  onToggle(orderNumber: string, checked: boolean): void;
};

type Outcome =
  | { kind: "done"; confirmed: number; refused: BulkConfirmResult["results"]; notPlaced: string[] }
  | { kind: "failed"; message: string };

/**
 * Above the board: "Select all shown", and once orders are ticked, how many and what can be done
 * to them together. Confirm sends only the ticked orders at "placed"; the others are left and
 * named. What the store refused (an order moved meanwhile) is said with its reason and who.
 */
export function BulkBar({
  orders,
  selected,
  onSelect,
}: {
  /** The orders shown on this page of the board. */
  orders: BoardOrder[];
  selected: ReadonlySet<string>;
  onSelect(next: ReadonlySet<string>): void;
}) {
  const id = useId();
  const confirm = useConfirmOrders();
  const [outcome, setOutcome] = useState<Outcome>();
  const ticked = orders.filter((order) => selected.has(order.orderNumber));
  const all = orders.length > 0 && ticked.length === orders.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = ticked.length > 0 && !all;
  }, [ticked.length, all]);

  const onConfirm = async () => {
    const placed = ticked.filter((order) => order.status === "placed");
    const notPlaced = ticked
      .filter((order) => order.status !== "placed")
      .map((order) => order.orderNumber);
    setOutcome(undefined);
    if (placed.length === 0) {
      setOutcome({ kind: "done", confirmed: 0, refused: [], notPlaced });
      return;
    }
    try {
      const { results } = await confirm.mutateAsync(placed.map((order) => order.orderNumber));
      setOutcome({
        kind: "done",
        confirmed: results.filter((result) => result.outcome === "confirmed").length,
        refused: results.filter((result) => result.outcome === "refused"),
        notPlaced,
      });
      onSelect(new Set());
    } catch (error) {
      setOutcome({ kind: "failed", message: errorMessage(error) });
    }
  };

  if (orders.length === 0 && !outcome) return null;
  return (
    <div className="space-y-2">
      <div
        role="toolbar"
        aria-label={text.label}
        className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-white px-4 py-2.5 shadow-card"
      >
        {orders.length > 0 && (
          <label htmlFor={`${id}-all`} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              ref={selectAll}
              id={`${id}-all`}
              type="checkbox"
              checked={all}
              onChange={(event) =>
                onSelect(
                  event.target.checked
                    ? new Set(orders.map((order) => order.orderNumber))
                    : new Set(),
                )
              }
              className="h-5 w-5 shrink-0 cursor-pointer accent-brand-600"
            />
            <span className="font-semibold text-ink-700">{text.selectAll}</span>
          </label>
        )}
        {ticked.length > 0 && (
          <>
            <p className="text-sm font-semibold text-ink-900" aria-live="polite">
              {text.selected(ticked.length)}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" disabled={confirm.isPending} onClick={() => void onConfirm()}>
                <CheckCheck aria-hidden="true" className="h-4 w-4" />
                {confirm.isPending ? text.confirming : text.confirm}
                <span className="sr-only">{text.confirmFor(ticked.length)}</span>
              </Button>
              <ButtonLink
                size="sm"
                variant="outline"
                to={packingSlipsPath(ticked.map((order) => order.orderNumber))}
              >
                <Printer aria-hidden="true" className="h-4 w-4" /> {text.printSlips}
              </ButtonLink>
              <Button size="sm" variant="ghost" onClick={() => onSelect(new Set())}>
                <X aria-hidden="true" className="h-4 w-4" /> {text.clear}
              </Button>
            </div>
          </>
        )}
      </div>
      <BulkOutcome outcome={outcome} onDismiss={() => setOutcome(undefined)} />
    </div>
  );
}

function BulkOutcome({ outcome, onDismiss }: { outcome?: Outcome; onDismiss(): void }) {
  return (
    <div role="status" data-testid="sales-bulk-outcome">
      {outcome && (
        <div className="flex items-start justify-between gap-3 rounded-2xl bg-white px-4 py-3 text-sm shadow-card">
          {outcome.kind === "failed" ? (
            <p className="font-semibold text-red-700">{outcome.message}</p>
          ) : (
            <div className="min-w-0 space-y-1 break-words">
              <p className="font-semibold text-ink-900">{text.confirmed(outcome.confirmed)}</p>
              {outcome.notPlaced.length > 0 && (
                <p className="text-ink-700">{text.notPlaced(outcome.notPlaced)}</p>
              )}
              {outcome.refused.length > 0 && (
                <ul className="list-disc space-y-1 pl-5 text-red-700">
                  {outcome.refused.map((result) => (
                    <li key={result.orderNumber}>
                      {text.refused(result.orderNumber, result.message ?? "")}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {text.dismiss}
          </Button>
        </div>
      )}
    </div>
  );
}

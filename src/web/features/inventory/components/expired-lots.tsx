// The dashboard's flag for lots past their best-before date: they stay on the shelf but are not
// sold until the manager writes them off or looks at them and marks them checked.
import { CalendarX2, ClipboardCheck, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { formatIndiaDay } from "../../../../shared/rules/harvest-date.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadError } from "../../../components/ui/query-state.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { type ExpiredLot, useCheckLot, useExpiredLots, useWriteOffLot } from "../api/lots.ts";
import { useInventorySummary } from "../api/summary.ts";
import { INVENTORY_TEXT } from "../texts.ts";
import { FormError } from "./version-conflict.tsx";

const text = INVENTORY_TEXT.expired;

function ExpiredLotRow({ lot }: { lot: ExpiredLot }) {
  const writeOff = useWriteOffLot();
  const check = useCheckLot();
  // Once dealt with, the row waits for the list to drop it rather than offer the lot again.
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string>();
  const busy = writeOff.isPending || check.isPending || done;
  const which = text.lotOf(lot.label, lot.productName);

  const act = async (run: () => Promise<unknown>, said: string) => {
    setProblem(undefined);
    try {
      await run();
      setDone(true);
      toast.success(said);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{lot.productName}</p>
        <p className="break-words text-sm text-ink-700">{lot.label}</p>
        <p className="text-xs text-ink-500">
          {text.left(lot.remaining, lot.unit)}
          {lot.bestBefore && ` · ${text.bestBefore(formatIndiaDay(lot.bestBefore))}`}
        </p>
        {problem && (
          <div className="mt-2">
            <FormError message={problem} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="danger"
          size="sm"
          disabled={busy}
          onClick={() =>
            void act(
              () => writeOff.mutateAsync(lot),
              text.wroteOff(lot.remaining, lot.unit, lot.productName, lot.label),
            )
          }
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {writeOff.isPending ? text.working : text.writeOff}
          <span className="sr-only">{which}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() =>
            void act(
              () => check.mutateAsync({ lotId: lot.id }),
              text.checked(lot.productName, lot.label),
            )
          }
        >
          <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
          {check.isPending ? text.working : text.markChecked}
          <span className="sr-only">{which}</span>
        </Button>
      </div>
    </li>
  );
}

/** Nothing while no lot is past its best-before date; the lots, with what to do, once one is. */
export function ExpiredLots() {
  const headingId = useId();
  const summary = useInventorySummary();
  const flagged = (summary.data?.expiredLots ?? 0) > 0;
  const expired = useExpiredLots({ enabled: flagged });
  const lots = expired.data?.lots ?? [];
  return (
    // Always there, so lots that pass their date while the page is open are announced.
    <div aria-live="polite">
      {flagged && (
        <section
          aria-labelledby={headingId}
          data-testid="expired-lots"
          className="rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5"
        >
          <h2
            id={headingId}
            className="flex items-center gap-2 text-base font-bold text-ink-900 sm:text-lg"
          >
            <CalendarX2 aria-hidden="true" className="h-5 w-5 shrink-0 text-red-700" />
            {text.heading}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{text.intro}</p>
          <div className="mt-3">
            {expired.isPending ? (
              <div className="flex justify-center py-4">
                <Spinner label={text.loading} />
              </div>
            ) : expired.isError && !expired.data ? (
              <LoadError error={expired.error} onRetry={() => void expired.refetch()} />
            ) : lots.length === 0 ? (
              <p className="text-sm text-ink-700">{text.none}</p>
            ) : (
              <ul className="divide-y divide-red-200" aria-labelledby={headingId}>
                {lots.map((lot) => (
                  <ExpiredLotRow key={lot.id} lot={lot} />
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

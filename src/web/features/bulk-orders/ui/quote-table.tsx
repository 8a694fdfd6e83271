// An event order's quote line by line, as the planner's page and the desk's sheet show it.

import type { QuoteView } from "../../../../shared/contracts/bulk-orders.ts";
import { formatRupees } from "../../../../shared/money.ts";
import {
  QUOTE_LABELS,
  quoteLineText,
  quoteSummaryRows,
} from "../../../../shared/rules/bulk-quote.ts";
import { lineAmountPaise } from "../../../../shared/rules/measure.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { wordingOf } from "../../../lib/i18n/wording.ts";

/**
 * The quote line by line; with its advance and balance only while the advance is the quote's
 * (`withPayments`): after a change, what was paid and what is left is the money card's to say.
 */
export function QuoteTable({
  quote,
  caption,
  withPayments = true,
}: {
  quote: QuoteView;
  caption: string;
  withPayments?: boolean;
}) {
  const { i18n } = useLingui();
  // The desk's sheet draws it too, on a page without the bulk pages' catalogues: English there.
  const say = wordingOf(i18n);
  const totals = quoteSummaryRows(quote, { withPayments, say });
  const total = say(QUOTE_LABELS.total, {});
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left font-semibold text-ink-900">{caption}</caption>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.productId} className="border-b border-ink-500/10">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal text-ink-700">
              {quoteLineText(line)}
            </th>
            <td className="py-1.5 text-right tabular-nums text-ink-900">
              {formatRupees(lineAmountPaise(line.listPricePaise, line.quantity, line.unit))}
            </td>
          </tr>
        ))}
        {totals.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              className={
                label === total
                  ? "pt-1.5 pr-3 text-left font-semibold text-ink-900"
                  : "pt-1.5 pr-3 text-left font-normal text-ink-500"
              }
            >
              {label}
            </th>
            <td className="pt-1.5 text-right font-medium tabular-nums text-ink-900">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

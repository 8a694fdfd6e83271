// An event order's quote: catalogue lines at the shop's prices (or the day's market rate), less
// the event discount, plus the delivery charge for the place and size, priced by the same rule as
// a shop order (GST per line on what is charged, rounded once per line).
import { fill, type Wording } from "../i18n/fill.ts";
import { formatRupees } from "../money.ts";
import { ADVANCE_PERCENT, advanceFor } from "./bulk-order-status.ts";
import { formatQuantity, lineAmountPaise, pricedPer, pricedUnitLabel } from "./measure.ts";
import { priceBreakdown } from "./pricing.ts";

/** The largest event discount Customer Relations may give, in whole percent. */
export const MAX_EVENT_DISCOUNT_PERCENT = 50;
/** More than this many lines is a list to split into two orders. */
export const MAX_QUOTE_LINES = 40;
/** A line of more than this many units (kilos, dozens, packs) is surely a typo. */
export const MAX_QUOTE_LINE_UNITS = 10_000;
/** The same in the line's smallest unit (grams for what is sold by weight). */
export const maxQuoteLineQuantity = (unit: string) => MAX_QUOTE_LINE_UNITS * pricedPer(unit);
/** Delivery to the far side of the district with a truck stays well below this. */
export const MAX_DELIVERY_CHARGE_PAISE = 50_000_00;

export type QuoteLineInput = {
  /** The shop's price per unit (per kilogram for what is weighed) before the event discount. */
  listPricePaise: number;
  /** In grams or units. */
  quantity: number;
  unit: string;
  gstRateBps: number;
};

export type QuotedLine = {
  listPricePaise: number;
  /** What each unit is charged after the discount: the invoice's unit price. */
  unitPricePaise: number;
  quantity: number;
  unit: string;
  gstRateBps: number;
  taxablePaise: number;
  gstPaise: number;
};

export type QuoteBreakdown = {
  lines: QuotedLine[];
  /** The lines at list price, before the discount. */
  listSubtotalPaise: number;
  discountPercent: number;
  discountPaise: number;
  /** Taxable value: the lines after the discount. */
  subtotalPaise: number;
  gstPaise: number;
  deliveryChargePaise: number;
  totalPaise: number;
  advancePaise: number;
  balancePaise: number;
};

/** The discount comes off each unit's price, so GST is charged on what the planner pays. */
export function discountedUnitPrice(listPricePaise: number, discountPercent: number): number {
  return listPricePaise - Math.round((listPricePaise * discountPercent) / 100);
}

export function quoteBreakdown(
  lines: readonly QuoteLineInput[],
  terms: { discountPercent: number; deliveryChargePaise: number },
): QuoteBreakdown {
  const charged = lines.map((line) => ({
    ...line,
    unitPricePaise: discountedUnitPrice(line.listPricePaise, terms.discountPercent),
  }));
  // The shop's own breakdown prices the lines; an event's delivery is quoted, not the shop's fee.
  const priced = priceBreakdown(charged);
  const listSubtotalPaise = lines.reduce(
    (total, line) => total + lineAmountPaise(line.listPricePaise, line.quantity, line.unit),
    0,
  );
  const totalPaise = priced.subtotalPaise + priced.gstPaise + terms.deliveryChargePaise;
  const advancePaise = advanceFor(totalPaise);
  return {
    lines: charged.map((line, index) => ({ ...line, ...priced.lines[index]! })),
    listSubtotalPaise,
    discountPercent: terms.discountPercent,
    discountPaise: listSubtotalPaise - priced.subtotalPaise,
    subtotalPaise: priced.subtotalPaise,
    gstPaise: priced.gstPaise,
    deliveryChargePaise: terms.deliveryChargePaise,
    totalPaise,
    advancePaise,
    balancePaise: totalPaise - advancePaise,
  };
}

/** A quote line as the planner reads it, on the page and in the mail: "Tomatoes: 50 kg × ₹40.00 per kg". */
export function quoteLineText(line: {
  name: string;
  quantity: number;
  unit: string;
  listPricePaise: number;
}): string {
  return `${line.name}: ${formatQuantity(line.quantity, line.unit)} × ${formatRupees(line.listPricePaise)} ${pricedUnitLabel(line.unit)}`;
}

/**
 * The quote's figures below its lines, as label and amount: the discount (when there is one), GST,
 * the delivery charge and the total, then the advance and the balance when `withPayments`. The
 * labels are in English (`fill`), or in a page's words with its translator (`say`).
 */
export function quoteSummaryRows(
  quote: Pick<
    QuoteBreakdown,
    | "discountPercent"
    | "discountPaise"
    | "gstPaise"
    | "deliveryChargePaise"
    | "totalPaise"
    | "advancePaise"
    | "balancePaise"
  >,
  { withPayments, say = fill }: { withPayments: boolean; say?: Wording },
): [label: string, amount: string][] {
  return [
    ...(quote.discountPaise > 0
      ? [
          [
            say(QUOTE_LABELS.discount, { percent: quote.discountPercent }),
            `− ${formatRupees(quote.discountPaise)}`,
          ] as [string, string],
        ]
      : []),
    [say(QUOTE_LABELS.gst, {}), formatRupees(quote.gstPaise)],
    [say(QUOTE_LABELS.deliveryCharge, {}), formatRupees(quote.deliveryChargePaise)],
    [say(QUOTE_LABELS.total, {}), formatRupees(quote.totalPaise)],
    ...(withPayments
      ? [
          [say(QUOTE_LABELS.advance, ADVANCE_VALUES), formatRupees(quote.advancePaise)] as [
            string,
            string,
          ],
          [say(QUOTE_LABELS.balance, {}), formatRupees(quote.balancePaise)] as [string, string],
        ]
      : []),
  ];
}

/** The values of `QUOTE_LABELS.advance`. */
export const ADVANCE_VALUES = { percent: ADVANCE_PERCENT } as const;

export const QUOTE_LABELS = {
  /** With the quote's `percent`. */
  discount: /*i18n*/ "Event discount ({percent}%)",
  gst: /*i18n*/ "GST",
  deliveryCharge: /*i18n*/ "Delivery charge",
  // Not marked: the cart's catalogue holds "Total" (price-summary.tsx), which the bulk pages
  // do not load.
  total: "Total",
  /** With ADVANCE_VALUES. */
  advance: /*i18n*/ "Advance ({percent}%)",
  balance: /*i18n*/ "Balance on delivery",
} as const;

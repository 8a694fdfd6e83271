// Refunds of a delivered order: why, how much each line may still give back, and what one asked-for
// line takes back in taxable value and GST. The sales manager's form and the server price a refund
// with these same functions, so the figure on the button is the figure on the credit note.
import { formatRupees } from "../money.ts";
import { formatQuantity, isWeighed, lineAmountPaise } from "./measure.ts";
import { lineGstPaise } from "./pricing.ts";

export const DELIVERED_REFUND_REASONS = ["quality", "missing", "damaged", "goodwill"] as const;
export type DeliveredRefundReason = (typeof DELIVERED_REFUND_REASONS)[number];

export const DELIVERED_REFUND_REASON_LABELS: Record<DeliveredRefundReason, string> = {
  quality: "Quality",
  missing: "Missing",
  damaged: "Damaged",
  goodwill: "Goodwill",
};

/** What happens to units given back: on the shelf again, or written off through the ledger. */
export const RETURNED_GOODS = ["restock", "write_off"] as const;
export type ReturnedGoods = (typeof RETURNED_GOODS)[number];

export const RETURNED_GOODS_LABELS: Record<ReturnedGoods, string> = {
  restock: "Back to stock",
  write_off: "Written off",
};

/** How a cash order's money went back to the shopper (an online payment goes back through the provider). */
export const CASH_PAID_BACK_BY = ["cash", "upi", "bank_transfer"] as const;
export type CashPaidBackBy = (typeof CASH_PAID_BACK_BY)[number];

export const CASH_PAID_BACK_LABELS: Record<CashPaidBackBy, string> = {
  cash: "Cash",
  upi: "UPI",
  bank_transfer: "Bank transfer",
};

/** The spec's promise: refund requests within 24 hours of delivery. The shop may set another. */
export const DEFAULT_REFUND_WINDOW_HOURS = 24;

/** The moment after which a refund of an order delivered at `deliveredAt` needs a note why. */
export function refundWindowEndsAt(deliveredAt: Date, windowHours: number): Date {
  return new Date(deliveredAt.getTime() + windowHours * 3_600_000);
}

/** What a delivered line can still give back, after the refunds already made of it. */
export type RefundableLine = {
  /** Per unit, or per kilogram for what is weighed. */
  unitPricePaise: number;
  unit: string;
  gstRateBps: number;
  /** Grams or units delivered and not yet refunded. */
  units: number;
  /** Taxable value and GST not yet credited. */
  taxablePaise: number;
  gstPaise: number;
};

export type LineCredit = { quantity: number; taxablePaise: number; gstPaise: number };

/** A delivered line less what earlier refunds took back of it. */
export function refundableLine(
  line: {
    unitPricePaise: number;
    unit: string;
    gstRateBps: number;
    quantity: number;
    taxablePaise: number;
    gstPaise: number;
  },
  credits: readonly LineCredit[],
): RefundableLine {
  const taken = (pick: (credit: LineCredit) => number) =>
    credits.reduce((sum, credit) => sum + pick(credit), 0);
  return {
    unitPricePaise: line.unitPricePaise,
    unit: line.unit,
    gstRateBps: line.gstRateBps,
    units: line.quantity - taken((credit) => credit.quantity),
    taxablePaise: line.taxablePaise - taken((credit) => credit.taxablePaise),
    gstPaise: line.gstPaise - taken((credit) => credit.gstPaise),
  };
}

/**
 * One line's refund, by units (the units' value at the order's price and GST, or exactly what is
 * left when every unit left goes back) or by an amount including GST (split at the line's rate,
 * no units back). Answers a reason it cannot be refunded that way, or what it takes back.
 */
export function creditOfLine(
  line: RefundableLine,
  ask: { quantity?: number | undefined; amountPaise?: number | undefined },
): LineCredit | { refused: string } {
  const leftPaise = line.taxablePaise + line.gstPaise;
  if (ask.quantity !== undefined) {
    if (ask.quantity > line.units) {
      return { refused: DELIVERED_REFUND_MESSAGES.moreUnitsThanLeft(line.units, line.unit) };
    }
    if (ask.quantity === line.units) {
      return { quantity: ask.quantity, taxablePaise: line.taxablePaise, gstPaise: line.gstPaise };
    }
    const taxablePaise = Math.min(
      lineAmountPaise(line.unitPricePaise, ask.quantity, line.unit),
      line.taxablePaise,
    );
    const gstPaise = Math.min(lineGstPaise(taxablePaise, line.gstRateBps), line.gstPaise);
    return { quantity: ask.quantity, taxablePaise, gstPaise };
  }
  const amountPaise = ask.amountPaise ?? 0;
  if (amountPaise > leftPaise) {
    return { refused: DELIVERED_REFUND_MESSAGES.moreMoneyThanLeft(leftPaise) };
  }
  if (amountPaise === leftPaise) {
    return { quantity: 0, taxablePaise: line.taxablePaise, gstPaise: line.gstPaise };
  }
  // The amount includes GST: the taxable part is what, with its GST, makes the amount. Neither
  // part may pass what the line has left of it (units refunded one at a time round their GST up).
  let taxablePaise = Math.min(
    Math.round((amountPaise * 10_000) / (10_000 + line.gstRateBps)),
    line.taxablePaise,
  );
  let gstPaise = amountPaise - taxablePaise;
  if (gstPaise > line.gstPaise) {
    gstPaise = line.gstPaise;
    taxablePaise = amountPaise - gstPaise;
  }
  return { quantity: 0, taxablePaise, gstPaise };
}

/** Whether a delivered order has anything left to give back: a line's value or the delivery fee. */
export function anythingLeftToRefund(refundable: {
  lines: readonly { taxablePaise: number; gstPaise: number }[];
  deliveryFeePaise: number;
}): boolean {
  return (
    refundable.deliveryFeePaise > 0 ||
    refundable.lines.some((line) => line.taxablePaise + line.gstPaise > 0)
  );
}

export const DELIVERED_REFUND_MESSAGES = {
  notDelivered:
    "Only a delivered order can be refunded this way. Cancel an order that has not arrived.",
  nothingAsked: "Choose at least one line to refund, or the delivery fee.",
  unknownLine: (productId: string) => `This order has no line for ${productId}.`,
  lineTwice: (productId: string) => `${productId} is listed twice: refund each line once.`,
  unitsOrAmount: "Refund a line either by units or by an amount, not both.",
  moreUnitsThanLeft: (units: number, unit: string) =>
    units === 0
      ? "Every unit of this line has already been refunded."
      : isWeighed(unit)
        ? `At most ${formatQuantity(units, unit)} is left to refund on this line.`
        : `At most ${units} ${units === 1 ? "unit is" : "units are"} left to refund on this line.`,
  moreMoneyThanLeft: (paise: number) =>
    paise === 0
      ? "This line has already been refunded in full."
      : `At most ${formatRupees(paise)} is left to refund on this line.`,
  feeAlreadyRefunded: "The delivery fee has already been refunded.",
  noFee: "This order had no delivery fee to refund.",
  lateNoteRequired: (hours: number) =>
    `This order was delivered more than ${hours} hours ago: please say why it is refunded now.`,
  paidBackByRequired: "Please say how the cash was paid back: cash, UPI or bank transfer.",
  paidBackByOnlyCash:
    "This order was paid online: the refund goes back to the shopper's payment by itself.",
  unitsPositive: "Units must be a whole number above 0 (whole grams for what is weighed)",
  amountPositive: "The amount must be at least ₹0.01",
  reasonRequired: "Please choose why the order is refunded.",
  noteTooLong: "Keep the note under 500 characters",
  replayDiffers:
    "This refund was already made with other details. Reload the order to see what was refunded.",
} as const;

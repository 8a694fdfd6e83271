import { fill, type Wording } from "../i18n/fill.ts";
import { formatRupeesBrief } from "../money.ts";
import { itemsIn, type QuantityLine, totalsByProduct } from "./order-quantity.ts";

/**
 * Cash on delivery costs the shop its produce and a rider's trip whether or not anyone pays at
 * the door, and it needs no account and no money to ask for: one such order must not be able to
 * empty the shelves. A family's big weekly shop in Bhubaneswar (rice and dal aside, which the
 * shop does not sell) is some 15-25 kinds of vegetables, fruit, milk and herbs, 30-60 units
 * (kilos, dozens, bunches, packs) and Rs 1,500-3,500; these caps leave room above that. A bigger
 * order is paid online, or is a bulk order. Online orders are not held to them (their stock is
 * held only while the payment is made, and only a few at a time: MAX_UNPAID_HOLDS).
 */
export const CASH_ORDER_CAPS = {
  /** The order's total as the rider collects it: goods, GST and delivery. */
  totalPaise: 500_000,
  /** Items across every line (a kilo or part of one, a dozen, a bunch, a pack: each is one). */
  units: 100,
  /** Different products. */
  products: 30,
} as const;

export type CashOrderSize = { totalPaise: number; units: number; products: number };
export type CashOrderCap = keyof CashOrderSize;

/** An order's size as the caps measure it: its lines (split or not) and its total. */
export function cashOrderSize(
  lines: readonly (QuantityLine & { unit: string })[],
  totalPaise: number,
): CashOrderSize {
  const totals = totalsByProduct(lines);
  const units = new Map(lines.map((line) => [line.productId, line.unit]));
  let items = 0;
  for (const [productId, quantity] of totals) items += itemsIn(quantity, units.get(productId)!);
  return { totalPaise, units: items, products: totals.size };
}

/** The caps this order is over, if any (the order they are listed in the message). */
export const cashCapsOver = (size: CashOrderSize): CashOrderCap[] =>
  (["totalPaise", "units", "products"] as const).filter((cap) => size[cap] > CASH_ORDER_CAPS[cap]);

/** What checkout and the server say of an order too large for cash, in pieces for the languages. */
export const CASH_CAP_TEXT = {
  caps: /*i18n*/ "Cash on delivery is for orders up to {total}, {units} items and {products} different products; this one {reasons}.",
  /** What this order is over, each said of "this one". */
  over: {
    totalPaise: /*i18n*/ "comes to {total}",
    units: /*i18n*/ "has {units} items",
    products: /*i18n*/ "has {products} different products",
  } satisfies Record<CashOrderCap, string>,
  /** The last of two or three reasons after the others ("comes to ₹6,000, has 120 items and ..."). */
  lastReason: /*i18n*/ "{reasons} and {last}",
  payOnline: /*i18n*/ "Please pay online, or make the order smaller.",
  smallerOrBulk: /*i18n*/ "Please make the order smaller, or send us a bulk order request.",
} as const;

/**
 * What checkout says, before the order is sent, and what the server answers if it is sent anyway:
 * the caps, what this order is over, and what to do (pay online where the shop takes it). In
 * English (`fill`), or in a page's language with its translator.
 */
export function cashOrderCapMessage(
  size: CashOrderSize,
  onlinePayments: boolean,
  say: Wording = fill,
): string | null {
  const over = cashCapsOver(size);
  if (over.length === 0) return null;
  const values = {
    totalPaise: { total: formatRupeesBrief(size.totalPaise) },
    units: { units: size.units },
    products: { products: size.products },
  } satisfies Record<CashOrderCap, Record<string, string | number>>;
  const reasons = over.map((cap) => say(CASH_CAP_TEXT.over[cap], values[cap]));
  const why =
    reasons.length > 1
      ? say(CASH_CAP_TEXT.lastReason, {
          reasons: reasons.slice(0, -1).join(", "),
          last: reasons.at(-1)!,
        })
      : reasons[0]!;
  const caps = say(CASH_CAP_TEXT.caps, {
    total: formatRupeesBrief(CASH_ORDER_CAPS.totalPaise),
    units: CASH_ORDER_CAPS.units,
    products: CASH_ORDER_CAPS.products,
    reasons: why,
  });
  const advice = onlinePayments ? CASH_CAP_TEXT.payOnline : CASH_CAP_TEXT.smallerOrBulk;
  return `${caps} ${say(advice, {})}`;
}

/** Beside Place Order while the caps hold it back: where the way out is. */
export const cashCapButtonHint = (onlinePayments: boolean) =>
  onlinePayments
    ? /*i18n*/ "This order is too large for cash on delivery (see Payment above): choose another way to pay, or make the order smaller."
    : /*i18n*/ "This order is too large for cash on delivery (see Payment above): please make it smaller.";

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

const OVER: Record<CashOrderCap, (size: CashOrderSize) => string> = {
  totalPaise: (size) => `comes to ${formatRupeesBrief(size.totalPaise)}`,
  units: (size) => `has ${size.units} items`,
  products: (size) => `has ${size.products} different products`,
};

/**
 * What checkout says, before the order is sent, and what the server answers if it is sent anyway:
 * the caps, what this order is over, and what to do (pay online where the shop takes it).
 */
export function cashOrderCapMessage(size: CashOrderSize, onlinePayments: boolean): string | null {
  const over = cashCapsOver(size);
  if (over.length === 0) return null;
  const reasons = over.map((cap) => OVER[cap](size));
  const why =
    reasons.length > 1 ? `${reasons.slice(0, -1).join(", ")} and ${reasons.at(-1)}` : reasons[0];
  const caps = `Cash on delivery is for orders up to ${formatRupeesBrief(CASH_ORDER_CAPS.totalPaise)}, ${CASH_ORDER_CAPS.units} items and ${CASH_ORDER_CAPS.products} different products; this one ${why}.`;
  return onlinePayments
    ? `${caps} Please pay online, or make the order smaller.`
    : `${caps} Please make the order smaller, or send us a bulk order request.`;
}

/** Beside Place Order while the caps hold it back: where the way out is. */
export const cashCapButtonHint = (onlinePayments: boolean) =>
  onlinePayments
    ? /*i18n*/ "This order is too large for cash on delivery (see Payment above): choose another way to pay, or make the order smaller."
    : /*i18n*/ "This order is too large for cash on delivery (see Payment above): please make it smaller.";

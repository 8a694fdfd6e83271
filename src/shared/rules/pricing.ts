// The one price breakdown of the store (cart, checkout, confirmation, invoice, server).
import { lineAmountPaise } from "./measure.ts";

export const DELIVERY_FEE_PAISE = 4900;
/** Delivery is free when the subtotal is strictly above this amount. */
export const FREE_DELIVERY_ABOVE_PAISE = 50000;

export type PricedLine = {
  /** Per unit, or per kilogram when the unit is a weight. */
  unitPricePaise: number;
  /** In grams or units (measure.ts). */
  quantity: number;
  unit: string;
  gstRateBps: number;
};

export type LineBreakdown = {
  taxablePaise: number;
  gstPaise: number;
};

export type PriceBreakdown = {
  lines: LineBreakdown[];
  subtotalPaise: number;
  gstPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
};

/** GST is rounded per line to whole paise, half away from zero, as the invoice shows it. */
export function lineGstPaise(taxablePaise: number, gstRateBps: number): number {
  return Math.round((taxablePaise * gstRateBps) / 10000);
}

export function deliveryFeePaise(subtotalPaise: number): number {
  if (subtotalPaise === 0) return 0;
  return subtotalPaise > FREE_DELIVERY_ABOVE_PAISE ? 0 : DELIVERY_FEE_PAISE;
}

export function priceBreakdown(lines: readonly PricedLine[]): PriceBreakdown {
  const breakdown = lines.map((line) => {
    const taxablePaise = lineAmountPaise(line.unitPricePaise, line.quantity, line.unit);
    return { taxablePaise, gstPaise: lineGstPaise(taxablePaise, line.gstRateBps) };
  });
  const subtotalPaise = breakdown.reduce((sum, line) => sum + line.taxablePaise, 0);
  const gstPaise = breakdown.reduce((sum, line) => sum + line.gstPaise, 0);
  const delivery = deliveryFeePaise(subtotalPaise);
  return {
    lines: breakdown,
    subtotalPaise,
    gstPaise,
    deliveryFeePaise: delivery,
    totalPaise: subtotalPaise + gstPaise + delivery,
  };
}

/**
 * An order's prices after lines were packed short: the same rule at the order's own prices, but
 * the delivery fee never rises above what was charged, since the shortfall is the shop's. An
 * event order's delivery charge was quoted for its place and size, and stays as quoted.
 */
export function priceAfterShortPick(
  lines: readonly PricedLine[],
  chargedDeliveryFeePaise: number,
  { deliveryQuoted = false }: { deliveryQuoted?: boolean } = {},
): PriceBreakdown {
  const full = priceBreakdown(lines);
  const delivery = deliveryQuoted
    ? chargedDeliveryFeePaise
    : Math.min(full.deliveryFeePaise, chargedDeliveryFeePaise);
  return {
    ...full,
    deliveryFeePaise: delivery,
    totalPaise: full.subtotalPaise + full.gstPaise + delivery,
  };
}

/**
 * Cash-on-delivery orders cost the store a trip and the produce whether or not anyone pays, so
 * one phone number, and one browser, may have only this many open at a time (open: not yet
 * delivered or cancelled, and not paid). Paid orders are not limited by this rule.
 */
export const MAX_OPEN_CASH_ORDERS = 3;

/** Why a cash order is refused, and what the shopper can do instead. */
export function openCashOrdersMessage(onlinePayments: boolean): string {
  const waiting = `You already have ${MAX_OPEN_CASH_ORDERS} cash-on-delivery orders waiting to be delivered.`;
  return onlinePayments
    ? `${waiting} Please pay online for this order, or place it once one of them has been delivered.`
    : `${waiting} Please place this order once one of them has been delivered.`;
}

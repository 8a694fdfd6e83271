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

/**
 * One network (an IPv4 address; an IPv6 /64, which one subscriber is usually given whole) may
 * have this many open cash orders, whatever phones and browsers they name: enough for an office
 * or a hostel behind one address, too few to empty the shelves by rotating phone numbers and
 * dropping cookies.
 */
export const MAX_OPEN_CASH_ORDERS_PER_NETWORK = 10;

/** Why a cash order from a busy network is refused (`max`: the store's cap, set by its owner). */
export function networkCashOrdersMessage(
  onlinePayments: boolean,
  max = MAX_OPEN_CASH_ORDERS_PER_NETWORK,
): string {
  const waiting = `There are already ${max} cash-on-delivery orders from your internet connection waiting to be delivered.`;
  return onlinePayments
    ? `${waiting} Please pay online for this order, or place it once some of them have been delivered.`
    : `${waiting} Please place this order once some of them have been delivered.`;
}

/**
 * An online order holds its stock until it is paid or its hold ends: one phone, and one browser,
 * may hold only this many unpaid at a time (a second tab, a retry), so nobody can empty the
 * shelves with orders they never pay.
 */
export const MAX_UNPAID_HOLDS = 2;

export const UNPAID_HOLDS_MESSAGE = `You already have ${MAX_UNPAID_HOLDS} orders waiting for payment. Please pay for one of them from its order page, or place this one once their time to pay has ended.`;

import { type Database, rowsOf } from "../../db/client.ts";
import { rateLimitKey } from "../../http/client-address.ts";
import { closedNetworksForgotten } from "../orders/index.ts";

/**
 * The network a cash order is counted under (decision 41), and how many open cash orders it may
 * have: the key every per-address limit uses (an IPv4 address, an IPv6 /64), this machine's
 * included, so a script on the store's own machine is held like any other client. Behind a reverse
 * proxy the store must be told to trust (TRUST_PROXY), or every shopper shares its address.
 */
export type CashNetwork = { key: string; max: number };

export const cashNetworkOf = (address: string, max: number): CashNetwork => ({
  key: rateLimitKey(address),
  max,
});

/**
 * Forgets the network of orders that no longer count (delivered, cancelled or paid): the
 * address is the shopper's personal data and was kept only for the count. Up to `batch` rows;
 * rows another instance is updating are skipped. Answers how many were cleared.
 */
export async function forgetClosedNetworks(db: Database, batch: number): Promise<number> {
  return rowsOf(await closedNetworksForgotten(db, batch)).length;
}

import { BlockList, isIP } from "node:net";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../../db/client.ts";
import { rateLimitKey } from "../../http/client-address.ts";

const THIS_MACHINE = new BlockList();
THIS_MACHINE.addSubnet("127.0.0.0", 8, "ipv4");
THIS_MACHINE.addAddress("::1", "ipv6");

/**
 * The network a cash order is counted under (decision 41): the key every per-address limit uses
 * (an IPv4 address, an IPv6 /64). None for a client on this machine: a command, a benchmark or a
 * reverse proxy the store was not told to trust (TRUST_PROXY), where every shopper would share
 * one address and ten open orders would close cash on delivery for the whole shop.
 */
export function cashNetworkOf(address: string): string | null {
  const bare = address.replace(/%.*$/, "");
  const family = isIP(bare);
  if (family !== 0 && THIS_MACHINE.check(bare, family === 4 ? "ipv4" : "ipv6")) return null;
  return rateLimitKey(address);
}

/**
 * Forgets the network of orders that no longer count (delivered, cancelled or paid): the
 * address is the shopper's personal data and was kept only for the count. Up to `batch` rows;
 * rows another instance is updating are skipped. Answers how many were cleared.
 */
export async function forgetClosedNetworks(db: Database, batch: number): Promise<number> {
  const cleared = await db.execute(sql`
    update orders set network_key = null
    where id in (
      select id from orders
      where network_key is not null
        and not (payment_method = 'cash' and payment_status <> 'paid'
          and status not in ('delivered', 'cancelled'))
      limit ${batch}
      for update skip locked
    )
    returning id`);
  return rowsOf(cleared).length;
}

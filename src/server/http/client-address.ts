import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address, whichever way it is spelt. */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "").toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
  const quad = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const part = (side: string | undefined) =>
    side ? side.split(":").map((g) => parseInt(g, 16)) : [];
  const front = part(head);
  const back = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

/**
 * What a per-address limit counts a client under. One IPv6 subscriber is usually given a whole
 * /64 and can pick any address in it, so counting single IPv6 addresses would give them endless
 * fresh buckets; an IPv4 client reaching us over IPv6 (::ffff:a.b.c.d) is its IPv4 address.
 */
export function rateLimitKey(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address.replace(/%.*$/, ""))) return address.toLowerCase();
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

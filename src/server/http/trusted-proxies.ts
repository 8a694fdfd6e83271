import type { IncomingMessage } from "node:http";
import { BlockList, isIP, isIPv4 } from "node:net";
import proxyAddr from "@fastify/proxy-addr";
import { z } from "zod";

/** The proxies in front of the store: how many, or which addresses; false when none. */
export type TrustProxySetting = false | number | string[];

/** The names proxy-addr (and so Fastify's own docs) give to the private ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

const OFF = ["false", "0", "no", "off"];
const BLANKET = ["true", "yes", "on"];

function badEntry(entry: string): boolean {
  if (Object.hasOwn(NAMED_RANGES, entry)) return false;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return true;
  if (prefix === undefined) return false;
  return !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count or a list of proxy addresses. A blanket "true" would take the client
 * address from X-Forwarded-For whoever sent it, so any client could name a new address per
 * request and never meet a per-address limit.
 */
export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, context): TrustProxySetting => {
    const lower = value.toLowerCase();
    if (OFF.includes(lower)) return false;
    if (BLANKET.includes(lower)) {
      context.addIssue({
        code: "custom",
        message:
          "true would let any client choose its own address; set the number of proxies in front of the store (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter(badEntry);
    if (bad.length > 0) {
      context.addIssue({
        code: "custom",
        message: `must be a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or ranges (e.g. 127.0.0.1, 10.0.0.0/8); not ${bad.map((entry) => JSON.stringify(entry)).join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is matched as its IPv4 address. */
function unmapped(address: string): string {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  return mapped ? mapped[1]! : address;
}

function addressList(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries.flatMap((name) =>
    Object.hasOwn(NAMED_RANGES, name) ? NAMED_RANGES[name]! : [name],
  )) {
    const [address = "", prefix] = entry.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
  };
}

/**
 * Whether the hop `hop` steps from the store (0: the socket's peer) is a proxy we trust to have
 * told the truth about the one before it. Given to Fastify as its trustProxy, so request.ip is the
 * left-most address no trusted proxy vouches past; a hop count trusts whoever is nearest, which is
 * safe only when nothing but the proxies can reach the store.
 */
export function proxyTrust(
  setting: TrustProxySetting,
): ((address: string, hop: number) => boolean) | false {
  if (setting === false || setting === 0) return false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return addressList(setting);
}

/**
 * The client's address as Fastify's `request.ip` gives it, for a request outside Fastify (the
 * lane of ready answers logs it as the app does).
 */
export function clientAddressOf(setting: TrustProxySetting) {
  const trust = proxyTrust(setting);
  if (!trust) return (request: IncomingMessage) => request.socket.remoteAddress;
  return (request: IncomingMessage) => proxyAddr.all(request, trust).at(-1);
}

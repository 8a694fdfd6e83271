import type { FastifyRequest } from "fastify";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** Headers a proxy adds to say whom it forwards for; any `x-forwarded-*` too. */
const FORWARDING = new Set([
  "forwarded",
  "via",
  "x-real-ip",
  "x-client-ip",
  "x-cluster-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
]);

/**
 * A header that says the request was passed on by a proxy, however it is spelled: names are
 * compared in lower case, and `_` as `-`, since some servers take one for the other.
 */
function isForwardingHeader(name: string): boolean {
  const header = name.toLowerCase().replaceAll("_", "-");
  return (
    FORWARDING.has(header) ||
    header.startsWith("x-forwarded") ||
    header.startsWith("x-original-forwarded")
  );
}

/**
 * A caller on this machine talking to the store directly: a command, a local scraper. A request
 * through a proxy on the same machine is loopback too, but carries a forwarding header; every
 * header name as it came (rawHeaders) is looked at, not only the ones Node keeps.
 */
export function isLocalDirectCaller(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) return false;
  const raw = request.raw.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    if (isForwardingHeader(raw[index]!)) return false;
  }
  return true;
}

import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** An answer's bytes with their validator, compressed once, ready to send as they are. */
export type CachedBody = { identity: Buffer; gzip: Buffer; br: Buffer; etag: string };

export function toCachedBytes(identity: Buffer): CachedBody {
  return {
    identity,
    gzip: gzipSync(identity),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
  };
}

export const toCachedBody = (value: unknown): CachedBody =>
  toCachedBytes(Buffer.from(JSON.stringify(value)));

/** An encoding's weight in Accept-Encoding (RFC 9110 12.5.3): 0 when absent or refused. */
function weightOf(accept: string, coding: "br" | "gzip"): number {
  let wildcard = 0;
  for (const part of accept.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    let named = name.trim().toLowerCase();
    // x-gzip is gzip by another name (RFC 9110 8.4.1.3).
    if (named === "x-gzip") named = "gzip";
    if (named !== coding && named !== "*") continue;
    const q = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const parsed = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(parsed) ? parsed : 0;
    // The coding named outright counts over the wildcard.
    if (named === coding) return weight;
    wildcard = weight;
  }
  return wildcard;
}

/** Brotli if the client takes it, else gzip, else the plain bytes (weights only say no or yes). */
export function preferredEncoding(accept: string | undefined): "br" | "gzip" | undefined {
  if (!accept) return undefined;
  if (weightOf(accept, "br") > 0) return "br";
  if (weightOf(accept, "gzip") > 0) return "gzip";
  return undefined;
}

/** If-None-Match may list several tags, and a cache between may have weakened ours (W/"..."). */
const holds = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === etag;
  });

/** How an answer may be kept by browsers and caches between. */
export type CachePolicy = { type: string; cacheControl: string; status?: number; vary?: string };

/** Pre-serialised JSON that every client revalidates. */
export const REVALIDATED_JSON: CachePolicy = {
  type: "application/json; charset=utf-8",
  cacheControl: "public, max-age=0, must-revalidate",
};

/** What goes out for ready-made bytes: their status, headers and (unless a 304) body. */
export type CachedReply = { status: number; headers: Record<string, string>; body?: Buffer };

/**
 * The bytes with their ETag, compressed if the client can read it, or a 304 when the client (or
 * a cache between) already holds them. Decided from the request's headers alone, so the server's
 * lane of ready answers (ready-answers.ts) and a route answer alike.
 */
export function cachedReply(
  requestHeaders: { "if-none-match"?: string; "accept-encoding"?: string },
  answer: CachedBody,
  { type, cacheControl, status = 200, vary }: CachePolicy,
): CachedReply {
  const headers: Record<string, string> = {
    etag: answer.etag,
    "cache-control": cacheControl,
    vary: vary ? `accept-encoding, ${vary}` : "accept-encoding",
  };
  if (status === 200 && holds(requestHeaders["if-none-match"], answer.etag)) {
    return { status: 304, headers };
  }
  const encoding = preferredEncoding(requestHeaders["accept-encoding"]);
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-type"] = type;
  return { status, headers, body: encoding ? answer[encoding] : answer.identity };
}

/** Sends ready-made bytes as `cachedReply` decides. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedBody,
  policy: CachePolicy,
) {
  const { status, headers, body } = cachedReply(request.headers, answer, policy);
  return reply.code(status).headers(headers).send(body);
}

/** Sends pre-serialised JSON as `REVALIDATED_JSON`. */
export const sendCachedJson = (request: FastifyRequest, reply: FastifyReply, answer: CachedBody) =>
  sendCached(request, reply, answer, REVALIDATED_JSON);

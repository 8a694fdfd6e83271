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

function preferredEncoding(accept: string | undefined): "br" | "gzip" | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return undefined;
}

/** If-None-Match may list several tags, and a cache between may have weakened ours (W/"..."). */
const holds = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === etag;
  });

/**
 * Sends ready-made bytes with their ETag, compressed if the client can read it, or a 304 when
 * the client (or a cache between) already holds them.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedBody,
  {
    type,
    cacheControl,
    status = 200,
    vary,
  }: { type: string; cacheControl: string; status?: number; vary?: string },
) {
  reply
    .header("etag", answer.etag)
    .header("cache-control", cacheControl)
    .header("vary", vary ? `accept-encoding, ${vary}` : "accept-encoding");
  if (status === 200 && holds(request.headers["if-none-match"], answer.etag)) {
    return reply.code(304).send();
  }
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply
    .code(status)
    .type(type)
    .send(encoding ? answer[encoding] : answer.identity);
}

/** Pre-serialised JSON that every client revalidates. */
export const sendCachedJson = (request: FastifyRequest, reply: FastifyReply, answer: CachedBody) =>
  sendCached(request, reply, answer, {
    type: "application/json; charset=utf-8",
    cacheControl: "public, max-age=0, must-revalidate",
  });

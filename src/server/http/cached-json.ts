import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A serialised answer with its validator, compressed once, ready to send as is. */
export type CachedBody = { identity: Buffer; gzip: Buffer; br: Buffer; etag: string };

export function toCachedBody(value: unknown): CachedBody {
  const identity = Buffer.from(JSON.stringify(value));
  return {
    identity,
    gzip: gzipSync(identity),
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
  };
}

function preferredEncoding(accept: string | undefined): "br" | "gzip" | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return undefined;
}

/** Sends pre-serialised JSON with its ETag, compressed if the client can read it, or a 304. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedBody) {
  reply
    .header("etag", answer.etag)
    .header("cache-control", "public, max-age=0, must-revalidate")
    .header("vary", "accept-encoding");
  if (request.headers["if-none-match"] === answer.etag) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply
    .type("application/json; charset=utf-8")
    .send(encoding ? answer[encoding] : answer.identity);
}

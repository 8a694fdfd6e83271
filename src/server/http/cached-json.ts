import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** A serialised answer with its validator, ready to send as is. */
export type CachedBody = { body: string; etag: string };

export function toCachedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  return { body, etag };
}

/** Sends pre-serialised JSON with its ETag, or 304 when the browser already has it. */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedBody) {
  reply.header("etag", answer.etag).header("cache-control", "public, max-age=0, must-revalidate");
  if (request.headers["if-none-match"] === answer.etag) return reply.code(304).send();
  return reply.type("application/json; charset=utf-8").send(answer.body);
}

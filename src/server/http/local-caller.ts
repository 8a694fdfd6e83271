import type { FastifyRequest } from "fastify";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * A caller on this machine talking to the store directly: a command, a local scraper. A request
 * through a proxy on the same machine is loopback too, but carries X-Forwarded-For.
 */
export const isLocalDirectCaller = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? "") &&
  request.headers["x-forwarded-for"] === undefined;

import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { logSafeError } from "./log-safe-error.ts";
import { requestIdMixin } from "./request-id.ts";

/** Where log lines go: standard output unless a caller (a test) gives a stream of its own. */
export type LogStream = { write(line: string): void };

/**
 * A request as the log shows it. The path without its query string: queries carry tokens
 * (the emailed bulk-order link's `?token=`, sign-in callbacks' codes) that must not end up in
 * log files, and the path says which route was hit.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split("?")[0],
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The store's pino options: secrets in headers redacted, errors and requests made safe to keep. */
export function storeLogOptions(level: string, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    level,
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: { err: logSafeError, req: requestForLog },
    mixin: requestIdMixin,
    ...(stream ? { stream } : {}),
  };
}

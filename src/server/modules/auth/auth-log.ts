import type { FastifyBaseLogger } from "fastify";

/**
 * Better Auth's messages (a refused outside sign-in, a provider's bad answer) into the store's
 * log, with the error where pino shows its stack, instead of onto the console.
 */
export function toAppLog(log: FastifyBaseLogger) {
  return (level: "debug" | "info" | "warn" | "error", message: string, ...details: unknown[]) => {
    const err = details.find((detail) => detail instanceof Error);
    log[level]({ err, details: details.filter((detail) => detail !== err) }, message);
  };
}

import type { FastifyInstance } from "fastify";
import { isCleanUrlValue, SAFE_TEXT_MESSAGES } from "../../shared/rules/safe-text.ts";
import { AppError } from "./app-error.ts";

/** The first name or value that is not clean text, as the refusal that names it. */
function firstUnclean(values: unknown, where: string): AppError | undefined {
  if (!values || typeof values !== "object") return undefined;
  for (const [name, value] of Object.entries(values)) {
    if (!isCleanUrlValue(name)) {
      return new AppError(
        "VALIDATION_FAILED",
        `The ${where} has a name that ${SAFE_TEXT_MESSAGES.urlValue}`,
      );
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string" && !isCleanUrlValue(item)) {
        return new AppError(
          "VALIDATION_FAILED",
          `${name}: the ${where} ${SAFE_TEXT_MESSAGES.urlValue}`,
          name,
        );
      }
    }
  }
  return undefined;
}

/**
 * Route params and query values are decoded from the address (`%00` becomes U+0000), so a route
 * would pass them to the database as they come. Every route refuses them up front, before the
 * body is read; a route's own schema then checks their format.
 */
export function registerUrlTextGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    const refusal =
      firstUnclean(request.params, "path parameter") ??
      firstUnclean(request.query, "query parameter");
    done(refusal);
  });
}

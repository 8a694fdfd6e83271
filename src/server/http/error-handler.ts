import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorCode } from "../../shared/contracts/errors.ts";
import { isDatabaseTimeout, isDatabaseUnreachable } from "../db/unreachable.ts";
import { AppError, STATUS_BY_CODE } from "./app-error.ts";
import { NOT_CANONICAL } from "./canonical-path.ts";
import { JSON_BODY_MESSAGES } from "./json-body.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

type FieldIssue = { field: string; message: string };

function fieldOf(path: string, context: string | undefined): string {
  const trimmed = path.replace(/^\//, "").replaceAll("/", ".");
  return trimmed || (context === "body" ? "body" : (context ?? "request"));
}

function validationIssues(error: FastifyError): FieldIssue[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const keys = (issue.params as { keys?: string[] }).keys;
    if (issue.keyword === "unrecognized_keys" && keys?.length) {
      return { field: keys[0]!, message: `Unknown field: ${keys.join(", ")}` };
    }
    return {
      field: fieldOf(issue.instancePath, error.validationContext),
      message: issue.message ?? "is not valid",
    };
  });
}

/** Client mistakes that Fastify itself detects, mapped to our codes (never a 5xx). */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_BODY_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  FST_ERR_CTP_EMPTY_JSON_BODY: "VALIDATION_FAILED",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "VALIDATION_FAILED",
  FST_ERR_VALIDATION: "VALIDATION_FAILED",
  FST_ERR_BAD_URL: "BAD_REQUEST",
};

/** Fastify's own words where they would not tell the client what to do instead. */
const CLEARER_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: JSON_BODY_MESSAGES.mediaType,
  FST_ERR_BAD_URL: NOT_CANONICAL,
};

export function toErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: error.message,
        ...(error.field && { field: error.field }),
        // A refusal of the input the schema could not tell wears a validation error's shape.
        ...(error.details?.issues && { issues: error.details.issues }),
      },
    };
  }
  const issues = validationIssues(error);
  if (issues.length > 0) {
    const [first] = issues;
    return {
      status: 400,
      body: {
        code: "VALIDATION_FAILED",
        message: `${first!.field}: ${first!.message}`,
        field: first!.field,
        issues,
      },
    };
  }
  const mapped = FASTIFY_CLIENT_ERRORS[error.code];
  if (mapped) {
    const message = CLEARER_MESSAGES[error.code] ?? error.message;
    return { status: STATUS_BY_CODE[mapped], body: { code: mapped, message } };
  }
  if (error.statusCode === 429) {
    return { status: 429, body: { code: "RATE_LIMITED", message: error.message } };
  }
  // A JSON body that does not parse arrives as a SyntaxError with status 400.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      body: {
        code: error.statusCode === 404 ? "NOT_FOUND" : "VALIDATION_FAILED",
        message: error.message,
      },
    };
  }
  return {
    status: 500,
    body: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." },
  };
}

/**
 * Seconds a client is asked to wait when the store cannot answer now (the database out of reach
 * or too slow, the payment provider away): every 503 says how long, unless it set its own.
 */
export const UNREACHABLE_RETRY_AFTER_SECONDS = 5;
export const UNREACHABLE_MESSAGE =
  "The store is briefly unavailable. Please try again in a few seconds.";

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const unreachable = isDatabaseUnreachable(error);
    if (unreachable || isDatabaseTimeout(error)) {
      request.log.error(
        { err: error },
        unreachable
          ? "request failed: the database is out of reach"
          : "request failed: the database gave up on a statement that took too long",
      );
      reply.header("retry-after", String(UNREACHABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({
        code: "UNAVAILABLE",
        message: UNREACHABLE_MESSAGE,
        requestId: String(request.id),
      });
    }
    const { status, body } = toErrorBody(error);
    // A refusal the store means (draining, busy lanes, the provider away) is no fault to trace;
    // its stack would only bury the real errors and trip alerts on error lines.
    if (status >= 500 && error instanceof AppError) {
      request.log.warn({ code: error.code }, `request refused: ${error.message}`);
    } else if (status >= 500) {
      request.log.error({ err: error }, "request failed");
    }
    if (status === 503 && !reply.hasHeader("retry-after")) {
      reply.header("retry-after", String(UNREACHABLE_RETRY_AFTER_SECONDS));
    }
    reply.status(status).send({ ...body, requestId: String(request.id) });
  });
}

/**
 * Fastify's `frameworkErrors`: an address the router cannot decode is refused before any route
 * or error handler runs, and gets the store's error body all the same.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: { id: unknown },
  reply: FastifyReply,
) {
  const { status, body } = toErrorBody(error);
  // No hook has run for it: the request id's header is set here.
  reply.header(REQUEST_ID_HEADER, String(request.id));
  reply.status(status).send({ ...body, requestId: String(request.id) });
}

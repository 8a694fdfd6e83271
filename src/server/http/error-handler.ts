import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorCode } from "../../shared/contracts/errors.ts";
import { AppError, STATUS_BY_CODE } from "./app-error.ts";

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
};

export function toErrorBody(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: {
        code: error.code,
        message: error.message,
        ...(error.field && { field: error.field }),
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
  if (mapped)
    return { status: STATUS_BY_CODE[mapped], body: { code: mapped, message: error.message } };
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorBody(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    reply.status(status).send(body);
  });
}

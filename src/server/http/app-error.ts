import type { ErrorBody, ErrorCode } from "../../shared/contracts/errors.ts";

/** The one table from error codes to HTTP statuses. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  IN_PROGRESS: 409,
  PAYMENT_DECLINED: 402,
  IDEMPOTENCY_KEY_REUSED: 422,
  CONFIRMATION_REQUIRED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** An expected failure whose message is safe and useful to show the person who caused it. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly details?: Pick<ErrorBody, "items" | "issues">,
  ) {
    super(message);
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);

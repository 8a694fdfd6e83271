import { z } from "zod";

/** Every error the API answers with; the HTTP status for each lives in the server's error map. */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "BAD_REQUEST",
  "NOT_FOUND",
  "CONFLICT",
  "OUT_OF_STOCK",
  "PAYMENT_DECLINED",
  "IDEMPOTENCY_KEY_REUSED",
  /** A change beyond what is usual (a price more than halved or raised by half) not confirmed. */
  "CONFIRMATION_REQUIRED",
  "IN_PROGRESS",
  "RATE_LIMITED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "FORBIDDEN",
  "UNAUTHORIZED",
  "INTERNAL",
  "UNAVAILABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssueSchema = z.object({ field: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
  issues: z.array(fieldIssueSchema).optional(),
  /** The request's id (also its X-Request-Id header): what a shopper quotes to support. */
  requestId: z.string().optional(),
  /** With OUT_OF_STOCK: each short item and how many are left. */
  items: z
    .array(
      z.object({
        productId: z.string(),
        name: z.string(),
        requested: z.number().int(),
        available: z.number().int(),
      }),
    )
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

import { z } from "zod";

/** A client's key for one attempt: the same key again is answered, not run again. */
export const idempotencyKeySchema = z
  .string({
    message: "the Idempotency-Key header is required: a new random key for each payment attempt",
  })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "Idempotency-Key must be 8-100 letters, digits, - or _");

/** Payments carry a key per attempt, so a retried request is answered, not charged again. */
export const idempotencyHeaders = z.looseObject({ "idempotency-key": idempotencyKeySchema });

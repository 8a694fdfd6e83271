/** What a repeated Idempotency-Key is told when it does not get the first answer again. */
export const IDEMPOTENCY_MESSAGES = {
  reused:
    "This Idempotency-Key was already used for a different request. Use a new key for a new request.",
  otherPlacer:
    "This Idempotency-Key was already used from another browser or account. Use a new key for a new request.",
} as const;

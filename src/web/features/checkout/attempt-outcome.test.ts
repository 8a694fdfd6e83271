import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { endsAttempt } from "./attempt-outcome.ts";

const refusal = (status: number, code: string) => new ApiError(status, code as never, "No");

describe("endsAttempt", () => {
  it("keeps the key while the first press may still make the order", () => {
    expect(endsAttempt(refusal(409, "IN_PROGRESS"))).toBe(false);
    expect(endsAttempt(refusal(0, "NETWORK"))).toBe(false);
    expect(endsAttempt(refusal(503, "UNAVAILABLE"))).toBe(false);
    expect(endsAttempt(refusal(500, "INTERNAL"))).toBe(false);
    expect(endsAttempt(new TypeError("Failed to fetch"))).toBe(false);
  });

  it("ends it on a refusal of this request, so the shopper can correct it and go again", () => {
    expect(endsAttempt(refusal(409, "OUT_OF_STOCK"))).toBe(true);
    expect(endsAttempt(refusal(400, "VALIDATION_FAILED"))).toBe(true);
    expect(endsAttempt(refusal(402, "PAYMENT_DECLINED"))).toBe(true);
    expect(endsAttempt(refusal(422, "IDEMPOTENCY_KEY_REUSED"))).toBe(true);
    expect(endsAttempt(refusal(429, "RATE_LIMITED"))).toBe(true);
  });
});

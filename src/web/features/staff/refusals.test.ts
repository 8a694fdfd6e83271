import { describe, expect, it } from "vitest";
import { STAFF_TWO_FACTOR_MESSAGES } from "../../../shared/rules/staff-sign-in.ts";
import { ApiError } from "../../lib/api-client.ts";
import { codeRefusal } from "./refusals.ts";

describe("why an authenticator code was not taken", () => {
  it("says a code already used is used, not wrong", () => {
    const used = new ApiError(401, "UNAUTHORIZED", STAFF_TWO_FACTOR_MESSAGES.usedCode);
    expect(codeRefusal(used)).toBe(STAFF_TWO_FACTOR_MESSAGES.usedCode);
  });

  it("says a wrong code did not match, whatever the server's words", () => {
    const wrong = new ApiError(401, "UNAUTHORIZED", "Invalid code");
    expect(codeRefusal(wrong)).toBe(STAFF_TWO_FACTOR_MESSAGES.wrongCode);
    expect(codeRefusal(wrong, "backup")).toBe(STAFF_TWO_FACTOR_MESSAGES.wrongBackupCode);
  });
});

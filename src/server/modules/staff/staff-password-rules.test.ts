import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../../shared/rules/common-passwords.ts";
import { STAFF_MEMBERS } from "./staff-members.ts";
import { staffPasswordProblem } from "./staff-password-rules.ts";

describe("a staff member's password", () => {
  it("needs at least 12 characters and at most 128", () => {
    expect(staffPasswordProblem("short-one")).toBe(
      "A staff password needs at least 12 characters.",
    );
    expect(staffPasswordProblem("x".repeat(129))).toBe(
      "A staff password can have at most 128 characters.",
    );
    expect(staffPasswordProblem("twelve chars")).toBeUndefined();
    expect(staffPasswordProblem("y".repeat(128))).toBeUndefined();
  });

  it("is none of the published demo passwords, whoever's it was", () => {
    for (const member of STAFF_MEMBERS) {
      expect(staffPasswordProblem(member.demoPassword)).toBe(
        "That is a published demo password. Choose one of your own.",
      );
    }
  });

  it("is not one an attacker tries first", () => {
    expect(staffPasswordProblem("qwertyuiop123")).toBe(COMMON_PASSWORD_MESSAGE);
    expect(staffPasswordProblem("inventory keeps the mangoes cold")).toBeUndefined();
  });
});

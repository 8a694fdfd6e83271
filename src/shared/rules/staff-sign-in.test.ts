import { describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "./staff.ts";
import {
  groupedSecret,
  staffSignInSchema,
  totpCodeInput,
  totpCodeSchema,
  totpSecretOf,
} from "./staff-sign-in.ts";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("staff sign-in form", () => {
  it("asks for both username and password with the spec's message", () => {
    for (const values of [
      { username: "", password: "" },
      { username: "inventory", password: "" },
      { username: "   ", password: "secret" },
    ]) {
      const messages = messagesOf(staffSignInSchema.safeParse(values));
      expect(messages.length).toBeGreaterThan(0);
      expect(new Set(messages)).toEqual(new Set([STAFF_MESSAGES.missingFields]));
    }
  });

  it("accepts a filled pair and trims the username, never the password", () => {
    expect(staffSignInSchema.parse({ username: " sales ", password: " pw " })).toEqual({
      username: "sales",
      password: " pw ",
    });
  });
});

describe("authenticator codes", () => {
  it("keeps digits only, at most six", () => {
    expect(totpCodeInput("12 34-56 78")).toBe("123456");
    expect(totpCodeInput("abc")).toBe("");
  });

  it("wants exactly six digits", () => {
    expect(totpCodeSchema.safeParse({ code: "123456" }).success).toBe(true);
    expect(messagesOf(totpCodeSchema.safeParse({ code: "" }))[0]).toMatch(/enter the 6-digit/);
    expect(messagesOf(totpCodeSchema.safeParse({ code: "12345" }))).toEqual([
      "The code has 6 digits",
    ]);
  });

  it("reads the secret from an otpauth address, and nothing from anything else", () => {
    const uri = "otpauth://totp/Fresh%20Harvest%20Hub:inventory?secret=jbswy3dpehpk3pxp&issuer=x";
    expect(totpSecretOf(uri)).toBe("JBSWY3DPEHPK3PXP");
    expect(totpSecretOf("otpauth://totp/x?issuer=y")).toBeUndefined();
    expect(totpSecretOf("not a url")).toBeUndefined();
    expect(groupedSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(groupedSecret("ABCDEF")).toBe("ABCD EF");
  });
});

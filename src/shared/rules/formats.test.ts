import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isCardNumber,
  isCvv,
  isEmail,
  isFutureExpiry,
  isPincode,
  isUpiId,
  normalizeIndianMobile,
  passesLuhn,
} from "./formats.ts";
import { parseTooLong, tooLong } from "./too-long.ts";

describe("formats", () => {
  it("accepts Indian mobiles with or without +91, 91 or 0, and normalises them", () => {
    expect(normalizeIndianMobile("9876543210")).toBe("+919876543210");
    expect(normalizeIndianMobile("+91 98765 43210")).toBe("+919876543210");
    expect(normalizeIndianMobile("91-98765-43210")).toBe("+919876543210");
    expect(normalizeIndianMobile("09876543210")).toBe("+919876543210");
    for (const bad of ["", "12345", "5876543210", "98765432101", "+1 9876543210", "98765abcde"]) {
      expect(normalizeIndianMobile(bad)).toBeUndefined();
    }
  });

  it("accepts six-digit PIN codes not starting with 0", () => {
    expect(isPincode("751007")).toBe(true);
    for (const bad of ["75100", "7510071", "051007", "75100a", ""])
      expect(isPincode(bad)).toBe(false);
  });

  it("checks email shape", () => {
    expect(isEmail("asha@example.in")).toBe(true);
    for (const bad of ["asha", "asha@", "@x.in", "a b@x.in", "asha@x"])
      expect(isEmail(bad)).toBe(false);
  });

  it("implements Luhn", () => {
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
    expect(passesLuhn("79927398713")).toBe(true);
    expect(isCardNumber("4111 1111 1111 1111")).toBe(true);
    expect(isCardNumber("4111-1111-1111-1112")).toBe(false);
    expect(isCardNumber("0000")).toBe(false);
  });

  it("finds exactly one check digit for any card prefix", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (prefix) => {
        const valid = [...Array(10).keys()].filter((d) => passesLuhn(`${prefix}${d}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it("accepts an expiry through the end of its month", () => {
    const now = new Date(2026, 10, 21); // 21 Nov 2026
    expect(isFutureExpiry("11/26", now)).toBe(true);
    expect(isFutureExpiry("10/26", now)).toBe(false);
    expect(isFutureExpiry("01/27", now)).toBe(true);
    for (const bad of ["13/27", "00/27", "1/27", "11-27", "11/2027"])
      expect(isFutureExpiry(bad, now)).toBe(false);
  });

  it("checks CVV and UPI IDs", () => {
    expect(isCvv("123")).toBe(true);
    expect(isCvv("12a")).toBe(false);
    expect(isCvv("1234")).toBe(false);
    expect(isUpiId("asha.das@okaxis")).toBe(true);
    expect(isUpiId("success@upi")).toBe(true);
    for (const bad of ["asha", "asha@", "@upi", "a@1bank", "as ha@upi"])
      expect(isUpiId(bad)).toBe(false);
  });

  it("says a text is too long in English, and knows that message again by its limit", () => {
    expect(tooLong(80)).toBe("Must be at most 80 characters");
    expect(parseTooLong(tooLong(2000))).toBe(2000);
    for (const other of [
      "Please enter a valid email address",
      "Must be at most a few characters",
    ]) {
      expect(parseTooLong(other)).toBeUndefined();
    }
  });
});

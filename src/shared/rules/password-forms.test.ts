import { describe, expect, it } from "vitest";
import { MIN_PASSWORD_LENGTH } from "./account-forms.ts";
import { COMMON_PASSWORD_MESSAGE, commonPasswords, isCommonPassword } from "./common-passwords.ts";
import { newPasswordProblem, signupProblem } from "./password-forms.ts";

const TOO_COMMON = { field: "password", message: COMMON_PASSWORD_MESSAGE };

describe("sign-up form", () => {
  it("checks in the spec's order, then refuses a common password", () => {
    const good = { name: "Asha", email: "a@b.in", password: "tamarind kites", confirm: "" };
    good.confirm = good.password;
    for (const email of ["a,b@x.in", '"Asha" <a@x.in>', "g: a@x.in;"]) {
      expect(signupProblem({ ...good, email })).toEqual({
        field: "email",
        message: "Please enter a valid email address",
      });
    }
    expect(signupProblem({ ...good, name: " ", email: "" })?.message).toBe(
      "Please enter your name",
    );
    expect(signupProblem({ ...good, email: "", password: "" })?.message).toBe(
      "Please enter your email",
    );
    expect(signupProblem({ ...good, password: "", confirm: "x" })?.message).toBe(
      "Please enter a password",
    );
    expect(signupProblem({ ...good, password: "1234567", confirm: "x" })?.message).toBe(
      "Password must be at least 8 characters long",
    );
    expect(signupProblem({ ...good, password: "x".repeat(129), confirm: "x" })?.message).toBe(
      "Password must be at most 128 characters long",
    );
    // A mismatch is named first: the common-password check is the one the spec does not list.
    expect(signupProblem({ ...good, password: "12345678", confirm: "12345679" })).toEqual({
      field: "confirm",
      message: "Passwords do not match",
    });
    expect(signupProblem({ ...good, password: "12345678", confirm: "12345678" })).toEqual(
      TOO_COMMON,
    );
    expect(signupProblem({ ...good, password: "Password1", confirm: "Password1" })).toEqual(
      TOO_COMMON,
    );
    expect(signupProblem(good)).toBeNull();
  });
});

describe("new password form", () => {
  it("checks length, then the confirmation, then refuses a common password", () => {
    expect(newPasswordProblem("short", "short")?.message).toBe(
      "Password must be at least 8 characters",
    );
    expect(newPasswordProblem("x".repeat(129), "")?.message).toBe(
      "Password must be at most 128 characters",
    );
    expect(newPasswordProblem("qwertyuiop", "qwertyuiop!")).toEqual({
      field: "confirm",
      message: "Passwords do not match",
    });
    expect(newPasswordProblem("QwertyUiop", "QwertyUiop")).toEqual(TOO_COMMON);
    expect(newPasswordProblem("a brand new password", "a brand new password")).toBeNull();
  });
});

describe("common passwords", () => {
  it("knows the usual suspects in any case, and not a phrase of one's own", () => {
    for (const password of ["password", "PASSWORD123", "iloveyou", "1q2w3e4r", "India@123"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of ["green mangoes ripen", "password ", "", "correct horse battery"]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("lists only passwords the length rule would otherwise let through", () => {
    const entries = [...commonPasswords()];
    expect(entries.length).toBeGreaterThan(500);
    for (const entry of entries) {
      expect(entry.length, entry).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
      expect(entry, entry).toBe(entry.toLowerCase());
    }
  });
});

import { describe, expect, it } from "vitest";
import { initialsOf, loginProblem, signupProblem } from "./account-forms.ts";

describe("account forms", () => {
  it("asks for both email and password at sign-in", () => {
    expect(loginProblem({ email: "", password: "" })?.message).toBe(
      "Please enter both email and password",
    );
    expect(loginProblem({ email: "a@b.in", password: "" })).toEqual({
      field: "password",
      message: "Please enter both email and password",
    });
    expect(loginProblem({ email: "a@b.in", password: "x" })).toBeNull();
  });

  it("checks sign-up in the spec's order", () => {
    const good = { name: "Asha", email: "a@b.in", password: "12345678", confirm: "12345678" };
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
    expect(signupProblem({ ...good, confirm: "12345679" })).toEqual({
      field: "confirm",
      message: "Passwords do not match",
    });
    expect(signupProblem(good)).toBeNull();
  });

  it("makes initials from a name", () => {
    expect(initialsOf("Asha Das")).toBe("AD");
    expect(initialsOf("  asha  ")).toBe("A");
    expect(initialsOf("Asha Kumari Das")).toBe("AD");
    expect(initialsOf("")).toBe("?");
  });
});

import { describe, expect, it } from "vitest";
import { loginProblem } from "./account-forms.ts";
import { initialsOf } from "./initials.ts";

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

  it("makes initials from a name", () => {
    expect(initialsOf("Asha Das")).toBe("AD");
    expect(initialsOf("  asha  ")).toBe("A");
    expect(initialsOf("Asha Kumari Das")).toBe("AD");
    expect(initialsOf("")).toBe("?");
  });
});

import { describe, expect, it } from "vitest";
import { splitFullName } from "./person-name.ts";

describe("splitting an account's full name for a form", () => {
  it.each([
    ["Asha Das", "Asha", "Das"],
    ["Asha Rani Das", "Asha Rani", "Das"],
    ["R. K. Narayan", "R. K.", "Narayan"],
    ["  Ravi   Kumar  ", "Ravi", "Kumar"],
    ["Suriya", "Suriya", ""],
    ["", "", ""],
    ["   ", "", ""],
  ])("%j is %j and %j", (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});

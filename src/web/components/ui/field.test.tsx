// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field, Input } from "./field.tsx";

afterEach(cleanup);

describe("Field", () => {
  it("names its control by the label and describes it by the error", () => {
    render(
      <Field id="email" label="Email" required error="Please enter a valid email address">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input.id).toBe("email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-error");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address");
  });

  it("marks nothing while there is no error, and keeps what the control says itself", () => {
    render(
      <Field id="phone" label="Phone">
        <Input aria-describedby="phone-hint" />
      </Field>,
    );
    const input = screen.getByLabelText("Phone");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("phone-hint");
  });
});

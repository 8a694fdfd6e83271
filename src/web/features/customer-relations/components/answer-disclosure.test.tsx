// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerDisclosure } from "./answer-disclosure.tsx";

afterEach(cleanup);

describe("a follow-up under a low rating", () => {
  it("keeps its button's name open and closed, and closes from its own Cancel", () => {
    render(
      <AnswerDisclosure
        button="Follow up"
        buttonLabel="Follow up the rating of FHH-123456"
        label="Your message to the customer"
        hint="Opens a conversation about this order in the inbox."
        send="Send"
        sending="Sending…"
        cancel="Cancel"
        submit={async () => undefined}
      />,
    );
    const toggle = screen.getByRole("button", { name: "Follow up the rating of FHH-123456" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(
      screen
        .getByRole("button", { name: "Follow up the rating of FHH-123456" })
        .getAttribute("aria-expanded"),
    ).toBe("true");
    expect(screen.getByLabelText(/Your message to the customer/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText(/Your message to the customer/)).toBeNull();
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SideSheet } from "./side-sheet.tsx";

afterEach(cleanup);

function Page({ open }: { open: boolean }) {
  return (
    <>
      <button type="button">Open the help</button>
      <input type="search" aria-label="Search tickets" />
      <SideSheet open={open} title="Help" description="" closeLabel="Close" onClose={() => {}}>
        <p>Keys</p>
      </SideSheet>
    </>
  );
}

/** Radix hands the focus back a moment after the sheet has gone. */
const aMomentLater = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe("a side sheet closing", () => {
  /** Opened from the button, then closed: answers before Radix hands the focus back. */
  async function openedAndClosed() {
    const { rerender } = render(<Page open={false} />);
    screen.getByRole("button", { name: "Open the help" }).focus();
    rerender(<Page open />);
    await aMomentLater();
    rerender(<Page open={false} />);
  }

  it("returns the focus to what opened it", async () => {
    await openedAndClosed();
    await aMomentLater();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open the help" }));
  });

  it("leaves the focus where a key put it once the sheet had gone (`/` for the search)", async () => {
    await openedAndClosed();
    const search = screen.getByRole("searchbox", { name: "Search tickets" });
    search.focus();
    await aMomentLater();
    expect(document.activeElement).toBe(search);
  });
});

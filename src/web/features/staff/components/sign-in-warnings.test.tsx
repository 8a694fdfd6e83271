// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SignInWarnings as Warnings } from "../../../../shared/contracts/sign-in-warnings.ts";
import { signInWarningsQueryKey } from "../api/sign-in-warnings.ts";
import { SignInWarnings } from "./sign-in-warnings.tsx";

/** jsdom has no EventSource: one that never connects, so the panel shows what it was given. */
class QuietEventSource {
  static readonly CLOSED = 2;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  close() {
    this.readyState = QuietEventSource.CLOSED;
  }
}

beforeEach(() => {
  vi.stubGlobal("EventSource", QuietEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The panel with the server's answer already loaded: nothing is fetched. */
function renderWith(answer: Warnings) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
  });
  client.setQueryData(signInWarningsQueryKey, answer);
  return render(
    <QueryClientProvider client={client}>
      <SignInWarnings />
    </QueryClientProvider>,
  );
}

describe("the dashboards' sign-in warnings", () => {
  it("shows nothing while no staff account has repeated failed sign-ins", () => {
    const { container } = renderWith({ warnings: [] });
    expect(container.textContent).toBe("");
  });

  it("gives each warning a line with the username, the India time and the address", () => {
    renderWith({
      warnings: [
        { id: "2", username: "sales", address: "203.0.113.7", at: "2026-11-21T09:40:00.000Z" },
        {
          id: "1",
          username: "inventory",
          address: "2001:db8::/64",
          at: "2026-11-21T04:05:00.000Z",
        },
      ],
    });
    const panel = screen.getByRole("region", { name: "Sign-in warnings" });
    const lines = [...panel.querySelectorAll("li")].map((line) => line.textContent);
    expect(lines).toEqual([
      "Repeated failed sign-ins for sales at 21 Nov 2026, 3:10 pm from 203.0.113.7",
      "Repeated failed sign-ins for inventory at 21 Nov 2026, 9:35 am from 2001:db8::/64",
    ]);
  });
});

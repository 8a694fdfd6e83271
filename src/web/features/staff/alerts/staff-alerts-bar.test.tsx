// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffAlerts } from "../../../../shared/contracts/staff-alerts.ts";
import { StaffAlertsBar } from "./staff-alerts-bar.tsx";
import { alertsKey } from "./use-staff-alerts.ts";

/** jsdom has no EventSource: one that never connects. */
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

const requestPermission = vi.fn(async () => "granted" as NotificationPermission);
const made: string[] = [];
class FakeNotification {
  static permission: NotificationPermission = "default";
  static requestPermission = requestPermission;
  onclick: (() => void) | null = null;
  constructor(_title: string, options?: { body?: string }) {
    made.push(options?.body ?? "");
  }
  close() {}
}

beforeEach(() => {
  vi.stubGlobal("EventSource", QuietEventSource);
  vi.stubGlobal("Notification", FakeNotification);
  FakeNotification.permission = "default";
  requestPermission.mockClear();
  made.length = 0;
  localStorage.clear();
  document.title = "Sales Manager dashboard | Fresh Harvest Hub";
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (keys: string[]): StaffAlerts => ({
  waiting: keys.length,
  alerts: keys.map((key) => ({
    key,
    kind: "new_order",
    text: `New order ${key}`,
    at: "2026-11-29T08:00:00.000Z",
  })),
  now: "2026-11-29T08:00:00.000Z",
});

function renderWith(first: StaffAlerts) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(alertsKey, first);
  render(
    <QueryClientProvider client={client}>
      <StaffAlertsBar dashboard="sales" />
    </QueryClientProvider>,
  );
  return client;
}

describe("the dashboards' alert bar", () => {
  it("counts what waits in the tab title and asks for notifications only when the member presses", async () => {
    renderWith(answer(["FHH-000001", "FHH-000002"]));
    expect(screen.getByRole("status").textContent).toBe("2 things wait for you.");
    expect(document.title).toBe("(2) Sales Manager dashboard | Fresh Harvest Hub");
    expect(requestPermission).not.toHaveBeenCalled();
    FakeNotification.permission = "granted";
    fireEvent.click(screen.getByRole("button", { name: "Turn on notifications" }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const toggle = await screen.findByRole("button", { name: "Notifications" });
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
  });

  it("notifies each new alert once while the tab is hidden, and not what was there on opening", async () => {
    FakeNotification.permission = "granted";
    localStorage.setItem("fhh.staff-alerts.sales", JSON.stringify({ notify: true }));
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    const client = renderWith(answer(["FHH-000001"]));
    expect(made).toEqual([]);
    client.setQueryData(alertsKey, answer(["FHH-000001", "FHH-000002"]));
    await vi.waitFor(() => expect(made).toEqual(["New order FHH-000002"]));
    client.setQueryData(alertsKey, answer(["FHH-000001", "FHH-000002"]));
    expect(made).toEqual(["New order FHH-000002"]);
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  });
});

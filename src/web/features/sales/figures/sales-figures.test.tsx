// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ORDERS_CSV_MESSAGES,
  type PeriodFigures,
  type SalesSummary,
} from "../../../../shared/contracts/sales-figures.ts";
import { addDays } from "../../../../shared/rules/bulk-delivery-date.ts";
import { SalesFigures } from "./sales-figures.tsx";

// The charts are recharts in a chunk of their own; here they only need to say they were drawn.
vi.mock("./figures-charts.tsx", () => ({
  default: (props: { kind: string; daily?: unknown[] }) =>
    props.kind === "revenue" ? (
      <p>revenue chart of {props.daily?.length} days</p>
    ) : (
      <p>hourly chart</p>
    ),
}));

const TODAY = "2026-11-24";

function period(overrides: Partial<PeriodFigures> = {}): PeriodFigures {
  return {
    from: TODAY,
    to: TODAY,
    orders: 0,
    revenuePaise: 0,
    averageOrderPaise: null,
    cancelled: 0,
    cancellationRate: null,
    delivered: 0,
    deliveredOnTime: 0,
    onTimeRate: null,
    eventOrders: 0,
    eventRevenuePaise: 0,
    paymentMix: (["card", "cash", "upi", "gpay", "phonepe"] as const).map((method) => ({
      method,
      orders: 0,
      revenuePaise: 0,
    })),
    cancelReasons: (
      ["out_of_stock", "customer_request", "address_unreachable", "other"] as const
    ).map((reason) => ({ reason, orders: 0 })),
    topProducts: { byRevenue: [], byUnits: [] },
    stateMinutes: (["placed", "confirmed", "packed", "out_for_delivery"] as const).map((state) => ({
      state,
      medianMinutes: null,
      orders: 0,
    })),
    ...overrides,
  };
}

function summary(range: 30 | 90, busy: boolean): SalesSummary {
  const month = busy
    ? period({
        from: "2026-10-26",
        orders: 40,
        revenuePaise: 1_234_500,
        averageOrderPaise: 34_292,
        cancelled: 4,
        cancellationRate: 0.1,
        delivered: 30,
        deliveredOnTime: 27,
        onTimeRate: 0.9,
        paymentMix: [
          { method: "card", orders: 10, revenuePaise: 400_000 },
          { method: "cash", orders: 30, revenuePaise: 834_500 },
          { method: "upi", orders: 0, revenuePaise: 0 },
          { method: "gpay", orders: 0, revenuePaise: 0 },
          { method: "phonepe", orders: 0, revenuePaise: 0 },
        ],
        cancelReasons: [
          { reason: "out_of_stock", orders: 3 },
          { reason: "customer_request", orders: 1 },
          { reason: "address_unreachable", orders: 0 },
          { reason: "other", orders: 0 },
        ],
        topProducts: {
          byRevenue: [
            {
              productId: "mangoes",
              name: "Alphonso Mangoes",
              unit: "dozen",
              units: 5,
              revenuePaise: 100_000,
            },
            {
              productId: "tomatoes",
              name: "Desi Tomatoes",
              unit: "kg",
              units: 50_500,
              revenuePaise: 20_000,
            },
          ],
          byUnits: [
            {
              productId: "tomatoes",
              name: "Desi Tomatoes",
              unit: "kg",
              units: 50_500,
              revenuePaise: 20_000,
            },
            {
              productId: "mangoes",
              name: "Alphonso Mangoes",
              unit: "dozen",
              units: 5,
              revenuePaise: 100_000,
            },
          ],
        },
        stateMinutes: [
          { state: "placed", medianMinutes: 4.5, orders: 36 },
          { state: "confirmed", medianMinutes: 12, orders: 34 },
          { state: "packed", medianMinutes: 75, orders: 32 },
          { state: "out_for_delivery", medianMinutes: 22, orders: 30 },
        ],
      })
    : period({ from: "2026-10-26" });
  const days = Array.from({ length: range }, (_, index) => ({
    day: addDays(TODAY, index - (range - 1)),
    orders: busy && index === range - 1 ? 2 : 0,
    revenuePaise: busy && index === range - 1 ? 50_000 : 0,
  }));
  return {
    today: TODAY,
    rolledUpThrough: "2026-11-23",
    periods: {
      today: busy ? period({ orders: 2, revenuePaise: 50_000 }) : period(),
      yesterday: period({ from: "2026-11-23", to: "2026-11-23" }),
      last7Days: busy ? period({ from: "2026-11-18", orders: 9, revenuePaise: 300_000 }) : period(),
      last30Days: month,
    },
    range,
    daily: days,
    hourly: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      orders: busy && hour === 9 ? 2 : 0,
      revenuePaise: busy && hour === 9 ? 50_000 : 0,
    })),
  };
}

class FakeEventSource {
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  close() {}
}

let answer: (url: string) => Response;
const fetchMock = vi.fn(async (url: string) => answer(url));

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderFigures() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SalesFigures />
    </QueryClientProvider>,
  );
}

describe("the sales figures", () => {
  it("shows a placeholder while loading, then the cards, breakdowns and charts", async () => {
    answer = (url) => json(summary(url.endsWith("range=90") ? 90 : 30, true));
    renderFigures();
    expect(screen.getByRole("status", { name: "Loading the sales figures" })).toBeTruthy();
    const today = await screen.findByTestId("sales-figure-today");
    expect(today.textContent).toContain("₹500");
    expect(today.textContent).toContain("2 orders");
    expect(screen.getByTestId("sales-figure-on-time").textContent).toContain("90%");
    expect(screen.getByTestId("sales-figure-cancelled").textContent).toContain("4 of 40 orders");

    const mix = within(screen.getByTestId("sales-payment-mix"));
    expect(mix.getAllByRole("row")).toHaveLength(3);
    expect(mix.getByRole("row", { name: /Cash on Delivery/ }).textContent).toContain("75%");
    expect(screen.getByTestId("sales-cancel-reasons").textContent).toContain(
      "Out of stock at packing3",
    );
    const states = within(screen.getByTestId("sales-state-times"));
    expect(states.getByRole("row", { name: /Placed/ }).textContent).toContain("4.5 min");
    expect(states.getByRole("row", { name: /Packed/ }).textContent).toContain("1 h 15 min");

    const top = () => within(screen.getByTestId("sales-top-products")).getAllByRole("row");
    expect(top()[1]!.textContent).toContain("Alphonso Mangoes");
    expect(top()[1]!.textContent).toContain("5 dozen");
    fireEvent.click(screen.getByRole("button", { name: "Units" }));
    expect(top()[1]!.textContent).toContain("Desi Tomatoes");
    expect(top()[1]!.textContent).toContain("50.5 kg");

    // The charts' chunk arrives inside act, so React draws what was waiting for it.
    await act(async () => {
      await import("./figures-charts.tsx");
    });
    expect(screen.getByText("revenue chart of 30 days")).toBeTruthy();
    expect(screen.getByText("hourly chart")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "90 days" }));
    expect(await screen.findByText("revenue chart of 90 days")).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/staff/sales/summary?range=30",
      "/api/staff/sales/summary?range=90",
    ]);
  });

  it("says when there is nothing to show yet, period by period", async () => {
    answer = () => json(summary(30, false));
    renderFigures();
    expect((await screen.findByTestId("sales-figure-last30Days")).textContent).toContain(
      "0 orders",
    );
    expect(screen.getByText("No orders in the last 30 days yet.")).toBeTruthy();
    expect(screen.getByText("No orders today yet.")).toBeTruthy();
    const breakdowns = within(screen.getByTestId("sales-breakdowns"));
    expect(breakdowns.getAllByText("No orders in this period yet.")).toHaveLength(2);
    expect(breakdowns.getByText("Nothing sold yet.")).toBeTruthy();
    fireEvent.click(breakdowns.getByRole("button", { name: "Yesterday" }));
    expect(breakdowns.getByRole("button", { name: "Yesterday" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(screen.queryByText("revenue chart of 30 days")).toBeNull();
  });

  it("says why the figures could not be loaded, and tries again", async () => {
    answer = () =>
      json(
        { code: "FORBIDDEN", message: "This belongs to another staff member's dashboard." },
        403,
      );
    renderFigures();
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This belongs to another staff member's dashboard.",
    );
    answer = () => json(summary(30, true));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("sales-figure-today")).toBeTruthy();
  });

  it("checks the export's days before downloading, with the server's own rules", async () => {
    answer = () => json(summary(30, true));
    renderFigures();
    const form = within(await screen.findByTestId("sales-orders-export"));
    // What the browser would do with each submission: send it, unless the page held it back.
    const sent: string[] = [];
    const watch = (event: Event) => {
      const target = event.target as HTMLFormElement;
      if (!event.defaultPrevented) {
        sent.push(`${target.action}?${new URLSearchParams(new FormData(target) as never)}`);
      }
      event.preventDefault();
    };
    window.addEventListener("submit", watch);
    fireEvent.change(form.getByLabelText("First day"), { target: { value: "2026-11-20" } });
    fireEvent.change(form.getByLabelText("Last day"), { target: { value: "2026-11-10" } });
    fireEvent.click(form.getByRole("button", { name: /Export orders CSV/ }));
    expect(form.getByRole("alert").textContent).toBe(ORDERS_CSV_MESSAGES.reversed);
    expect(sent).toEqual([]);
    fireEvent.change(form.getByLabelText("Last day"), { target: { value: "2026-11-24" } });
    fireEvent.click(form.getByRole("button", { name: /Export orders CSV/ }));
    window.removeEventListener("submit", watch);
    expect(sent).toEqual([
      "http://localhost:3000/api/staff/sales/orders.csv?from=2026-11-20&to=2026-11-24",
    ]);
    expect(form.queryByRole("alert")).toBeNull();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BoardOrder, BoardPage } from "../../../../shared/contracts/sales.ts";
import { useServerClock } from "../../staff/use-server-clock.ts";
import { OrderBoard } from "./order-board.tsx";

const MINUTE = 60_000;
/** The server's clock when the page was answered. */
const SERVER_NOW = Date.parse("2026-11-24T14:00:00.000Z");
/** The manager's device runs three hours and seven minutes fast: ages must not care. */
const DEVICE_NOW = SERVER_NOW + 187 * MINUTE;

const minutesAgo = (minutes: number) => new Date(SERVER_NOW - minutes * MINUTE).toISOString();

function order(overrides: Partial<BoardOrder> & { orderNumber: string }): BoardOrder {
  return {
    status: "confirmed",
    paymentMethod: "upi",
    paymentStatus: "paid",
    customerName: "Asha Patnaik",
    phone: "98765 43210",
    pincode: "751001",
    itemCount: 3,
    totalPaise: 45_600,
    placedAt: minutesAgo(10),
    statusAt: minutesAgo(5),
    deliveredAt: null,
    eventTicket: null,
    promise: "on_time",
    ...overrides,
  };
}

/** The board as the dashboard draws it: its clock from the page's `now` and the time it arrived. */
function Board({ page, receivedAt }: { page: BoardPage; receivedAt: number }) {
  const now = useServerClock(page.now, receivedAt);
  return <OrderBoard orders={page.orders} now={now} fresh={new Set()} filtered onOpen={() => {}} />;
}

function renderBoard(orders: BoardOrder[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page: BoardPage = { orders, nextCursor: null, now: new Date(SERVER_NOW).toISOString() };
  render(
    <QueryClientProvider client={client}>
      <Board page={page} receivedAt={Date.now()} />
    </QueryClientProvider>,
  );
}

/** The table's row for an order (the phone cards hold the same; the table is enough to read). */
const rowOf = (orderNumber: string) =>
  within(screen.getByRole("table")).getByRole("row", { name: new RegExp(orderNumber) });

const promiseIn = (orderNumber: string) => within(rowOf(orderNumber)).getByTestId("order-promise");

beforeEach(() => {
  vi.useFakeTimers({ now: DEVICE_NOW, toFake: ["Date", "setInterval", "clearInterval"] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the board row's age against the promise", () => {
  it("counts from the server's clock, not the device's, and says on time in words", () => {
    renderBoard([order({ orderNumber: "FHH-000101", placedAt: minutesAgo(38) })]);
    const promise = promiseIn("FHH-000101");
    expect(promise.textContent).toBe("Age: 38 minOn time");
    expect(promise.dataset.promise).toBe("on_time");
  });

  it("ticks every 30 seconds: on time, then at risk past 40 minutes, then late past 60", () => {
    renderBoard([order({ orderNumber: "FHH-000102", placedAt: minutesAgo(39.5) })]);
    expect(promiseIn("FHH-000102").textContent).toContain("On time");

    act(() => vi.advanceTimersByTime(30_000));
    expect(promiseIn("FHH-000102").textContent).toBe("Age: 40 minOn time");
    act(() => vi.advanceTimersByTime(30_000));
    expect(promiseIn("FHH-000102").textContent).toBe("Age: 40 minAt risk");
    expect(promiseIn("FHH-000102").dataset.promise).toBe("at_risk");

    act(() => vi.advanceTimersByTime(19 * MINUTE));
    expect(promiseIn("FHH-000102").textContent).toBe("Age: 59 minAt risk");
    act(() => vi.advanceTimersByTime(30_000));
    expect(promiseIn("FHH-000102").textContent).toBe("Age: 1 h 00 minAt risk");
    act(() => vi.advanceTimersByTime(30_000));
    expect(promiseIn("FHH-000102").textContent).toBe("Age: 1 h 00 minLate");
    expect(promiseIn("FHH-000102").dataset.promise).toBe("late");
  });

  it("tells the three open states apart by text and icon, not by colour alone", () => {
    renderBoard([
      order({ orderNumber: "FHH-000103", placedAt: minutesAgo(12) }),
      order({ orderNumber: "FHH-000104", status: "packed", placedAt: minutesAgo(45) }),
      order({ orderNumber: "FHH-000105", status: "placed", placedAt: minutesAgo(75) }),
    ]);
    const states = ["FHH-000103", "FHH-000104", "FHH-000105"].map((number) => {
      const promise = promiseIn(number);
      return {
        words: within(promise).getByText(/On time|At risk|Late/).textContent,
        icons: promise.querySelectorAll("svg[aria-hidden='true']").length,
      };
    });
    expect(states).toEqual([
      { words: "On time", icons: 1 },
      { words: "At risk", icons: 1 },
      { words: "Late", icons: 1 },
    ]);
    const classes = ["FHH-000103", "FHH-000104", "FHH-000105"].map(
      (number) => within(promiseIn(number)).getByText(/On time|At risk|Late/).className,
    );
    expect(new Set(classes).size).toBe(3);
  });

  it("keeps an order out for delivery on time after 40 minutes: it has left the store", () => {
    renderBoard([
      order({ orderNumber: "FHH-000106", status: "out_for_delivery", placedAt: minutesAgo(50) }),
    ]);
    expect(promiseIn("FHH-000106").textContent).toBe("Age: 50 minOn time");
  });

  it("says how long a delivered order took and stops counting; a cancelled one has no age", () => {
    renderBoard([
      order({
        orderNumber: "FHH-000107",
        status: "delivered",
        placedAt: minutesAgo(200),
        deliveredAt: minutesAgo(200 - 52),
      }),
      order({ orderNumber: "FHH-000108", status: "cancelled", placedAt: minutesAgo(90) }),
    ]);
    expect(promiseIn("FHH-000107").textContent).toBe("Age: took 52 minDelivered on time");
    act(() => vi.advanceTimersByTime(10 * MINUTE));
    expect(promiseIn("FHH-000107").textContent).toBe("Age: took 52 minDelivered on time");
    expect(promiseIn("FHH-000108").textContent).toBe("Cancelled");
  });

  it("shows the next move on the row, named for its order", () => {
    renderBoard([
      order({ orderNumber: "FHH-000109", status: "placed" }),
      order({ orderNumber: "FHH-000110", status: "delivered", deliveredAt: minutesAgo(1) }),
    ]);
    expect(
      within(rowOf("FHH-000109")).getByRole("button", { name: "Confirm FHH-000109" }),
    ).toBeTruthy();
    expect(within(rowOf("FHH-000110")).queryByRole("button", { name: /Confirm|Mark/ })).toBeNull();
  });
});

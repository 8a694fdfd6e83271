// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SalesOrder, SalesOrderLine } from "../../../../shared/contracts/sales.ts";
import { lineAmountPaise, MEASURE_MESSAGES } from "../../../../shared/rules/measure.ts";
import { RefundForm } from "./refund-form.tsx";

/** ₹40 a kilogram of tomatoes, ₹30 a bunch of spinach; no GST. */
function line(productId: string, name: string, quantity: number, unit: string): SalesOrderLine {
  const unitPricePaise = unit === "kg" ? 4_000 : 3_000;
  return {
    productId,
    name,
    unit,
    hsnCode: "0702",
    unitPricePaise,
    quantity,
    orderedQuantity: quantity,
    gstRateBps: 0,
    taxablePaise: lineAmountPaise(unitPricePaise, quantity, unit),
    gstPaise: 0,
  };
}

const LINES = [line("tomatoes", "Tomatoes", 1_500, "kg"), line("spinach", "Spinach", 2, "bunch")];

const ORDER: SalesOrder = {
  orderNumber: "FHH-000321",
  weightTolerancePercent: 10,
  status: "delivered",
  promise: "delivered_on_time",
  placedAt: "2026-11-24T14:00:00.000Z",
  deliveredAt: "2026-11-24T14:50:00.000Z",
  customerName: "Asha Patnaik",
  locale: "or",
  email: "asha@example.com",
  phone: "98765 43210",
  address: "Plot 12, Saheed Nagar",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
  notes: "",
  lines: LINES,
  subtotalPaise: 12_000,
  gstPaise: 0,
  deliveryFeePaise: 4_900,
  totalPaise: 16_900,
  eventTicket: null,
  collectPaise: 0,
  payment: { method: "upi", status: "paid", reference: "pay_123", instrument: "UPI asha@okaxis" },
  cancelReason: null,
  cancelNote: null,
  invoiceNumber: "FHH/2026-27/000012",
  creditNotes: [],
  refunds: [],
  afterDelivery: {
    windowHours: 24,
    windowEndsAt: "2026-11-25T14:50:00.000Z",
    refundable: {
      lines: LINES.map((each) => ({
        productId: each.productId,
        units: each.quantity,
        taxablePaise: each.taxablePaise,
        gstPaise: 0,
      })),
      deliveryFeePaise: 4_900,
    },
    refunds: [],
  },
  timeline: [],
  now: "2026-11-24T16:00:00.000Z",
};

let posted: unknown[];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith("/refund-requests")) return Response.json({ requests: [] });
      posted.push(JSON.parse(String(init.body)));
      return Response.json(ORDER);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundForm order={ORDER} onRefunded={() => {}} onBack={() => {}} />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("refunding a weighed line", () => {
  it("says what was delivered and is left in kilograms, and takes the weight back in kg", async () => {
    renderForm();
    expect(screen.getByText(/Delivered 1.5 kg/).textContent).toBe(
      "Delivered 1.5 kg · Left to refund: 1.5 kg, ₹60.00",
    );
    expect(screen.getByText(/Delivered 2 bunch/).textContent).toBe(
      "Delivered 2 bunch · Left to refund: 2 units, ₹60.00",
    );
    fireEvent.change(field("Weight back in kg: Tomatoes"), { target: { value: "0.25" } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: "quality" } });
    expect(screen.getByRole("button", { name: "Refund ₹10.00" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Refund ₹10.00" }));
    });
    expect(posted[0]).toMatchObject({
      reason: "quality",
      lines: [{ productId: "tomatoes", quantity: 250 }],
    });
  });

  it("fills in everything left in kilograms, and refuses a weight that is no weight", async () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Refund everything left" }));
    expect(field("Weight back in kg: Tomatoes").value).toBe("1.5");
    expect(field("Units back: Spinach").value).toBe("2");
    fireEvent.change(field("Weight back in kg: Tomatoes"), { target: { value: "0.2505" } });
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: "quality" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Refund ₹/ }));
    });
    expect(posted).toEqual([]);
    expect(screen.getByText(MEASURE_MESSAGES.weightText)).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SalesOrder, SalesOrderLine } from "../../../../shared/contracts/sales.ts";
import {
  FULFILMENT_MESSAGES,
  SHORT_PICK_REASON_LABELS,
} from "../../../../shared/rules/order-fulfilment.ts";
import { PackForm } from "./pack-form.tsx";

function line(productId: string, name: string, quantity: number, unit: string): SalesOrderLine {
  return {
    productId,
    name,
    unit,
    hsnCode: "0702",
    unitPricePaise: 4_000,
    quantity,
    orderedQuantity: quantity,
    gstRateBps: 0,
    taxablePaise: 4_000 * quantity,
    gstPaise: 0,
  };
}

const ORDER: SalesOrder = {
  orderNumber: "FHH-000321",
  status: "confirmed",
  promise: "on_time",
  placedAt: "2026-11-24T14:00:00.000Z",
  deliveredAt: null,
  customerName: "Asha Patnaik",
  email: "asha@example.com",
  phone: "98765 43210",
  address: "Plot 12, Saheed Nagar",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
  notes: "",
  lines: [
    line("tomatoes", "Tomatoes", 3, "kg"),
    line("spinach", "Spinach", 2, "bunch"),
    line("paneer", "Paneer", 1, "pack"),
  ],
  subtotalPaise: 24_000,
  gstPaise: 0,
  deliveryFeePaise: 4_900,
  totalPaise: 28_900,
  eventTicket: null,
  collectPaise: 28_900,
  payment: { method: "upi", status: "paid", reference: "pay_123", instrument: "UPI asha@okaxis" },
  cancelReason: null,
  cancelNote: null,
  invoiceNumber: null,
  creditNotes: [],
  refunds: [],
  afterDelivery: null,
  timeline: [],
  now: "2026-11-24T14:10:00.000Z",
};

let requests: { url: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  requests = [];
  answer = () => Response.json({ ...ORDER, status: "packed" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onPacked = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PackForm order={ORDER} onPacked={onPacked} onBack={() => {}} />
    </QueryClientProvider>,
  );
  return { onPacked };
}

const packed = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name}: units packed`)) as HTMLInputElement;
const whyFewer = (name: string) =>
  screen.queryByRole("combobox", { name: `Why fewer? (${name})` }) as HTMLSelectElement | null;
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Mark packed" }));
  });

describe("the pack step's units packed per line", () => {
  it("starts every line at what was ordered, labelled with its name and unit", () => {
    renderForm();
    expect(packed("Tomatoes").value).toBe("3");
    expect(packed("Tomatoes").labels?.[0]?.textContent).toBe("Tomatoes: units packed (kg)");
    expect(packed("Spinach").value).toBe("2");
    expect(packed("Paneer").value).toBe("1");
    expect(packed("Tomatoes").getAttribute("max")).toBe("3");
    expect(document.activeElement).toBe(packed("Tomatoes"));
  });

  it("packs in full without listing any line or asking why", async () => {
    const { onPacked } = renderForm();
    expect(screen.queryByRole("combobox")).toBeNull();
    await submit();
    expect(requests).toEqual([
      { url: "/api/staff/sales/orders/FHH-000321/moves", body: { to: "packed" } },
    ]);
    expect(onPacked).toHaveBeenCalledOnce();
  });

  it("sends only the lines packed short, with the units actually packed and why", async () => {
    const { onPacked } = renderForm();
    fireEvent.change(packed("Tomatoes"), { target: { value: "2" } });
    fireEvent.change(packed("Paneer"), { target: { value: "0" } });
    // Only the short lines ask why; the full line does not.
    expect(whyFewer("Spinach")).toBeNull();
    expect(Array.from(whyFewer("Tomatoes")?.options ?? [], (option) => option.textContent)).toEqual(
      ["Choose a reason", ...Object.values(SHORT_PICK_REASON_LABELS)],
    );
    fireEvent.change(whyFewer("Tomatoes") as HTMLSelectElement, {
      target: { value: "spoiled" },
    });
    fireEvent.change(whyFewer("Paneer") as HTMLSelectElement, {
      target: { value: "not_on_shelf" },
    });
    expect(screen.getByRole("status").textContent).toMatch(/^2 lines are packed short\./);
    const shortLines = screen
      .getAllByTestId("pack-line")
      .filter((item) => item.textContent?.includes("Short"));
    expect(shortLines.map((item) => item.querySelector("label")?.textContent)).toEqual([
      "Tomatoes: units packed (kg)",
      "Paneer: units packed (pack)",
    ]);
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [
        { productId: "tomatoes", quantity: 2, reason: "spoiled" },
        { productId: "paneer", quantity: 0, reason: "not_on_shelf" },
      ],
    });
    expect(onPacked).toHaveBeenCalledOnce();
  });

  it("refuses a short line without a reason, on that line, before any request", async () => {
    const { onPacked } = renderForm();
    fireEvent.change(packed("Tomatoes"), { target: { value: "2" } });
    fireEvent.change(packed("Paneer"), { target: { value: "0" } });
    fireEvent.change(whyFewer("Paneer") as HTMLSelectElement, { target: { value: "damaged" } });
    await submit();
    expect(requests).toEqual([]);
    const tomatoes = whyFewer("Tomatoes") as HTMLSelectElement;
    expect(tomatoes.getAttribute("aria-invalid")).toBe("true");
    const said = document.getElementById(tomatoes.getAttribute("aria-describedby") ?? "");
    expect(said?.textContent).toBe(FULFILMENT_MESSAGES.shortPickReason);
    expect(said?.closest("[data-testid=pack-line]")?.querySelector("label")?.textContent).toBe(
      "Tomatoes: units packed (kg)",
    );
    expect(screen.getAllByText(FULFILMENT_MESSAGES.shortPickReason)).toHaveLength(1);
    expect(whyFewer("Paneer")?.getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(tomatoes);

    fireEvent.change(tomatoes, { target: { value: "miscounted" } });
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [
        { productId: "tomatoes", quantity: 2, reason: "miscounted" },
        { productId: "paneer", quantity: 0, reason: "damaged" },
      ],
    });
    expect(onPacked).toHaveBeenCalledOnce();
  });

  it("refuses more than ordered, or a part unit, on the line itself, before any request", async () => {
    renderForm();
    fireEvent.change(packed("Tomatoes"), { target: { value: "4" } });
    fireEvent.change(packed("Spinach"), { target: { value: "1.5" } });
    await submit();
    expect(requests).toEqual([]);
    expect(packed("Tomatoes").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter from 0 to 3.")).toBeTruthy();
    expect(packed("Spinach").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a whole number of units.")).toBeTruthy();
    expect(document.activeElement).toBe(packed("Tomatoes"));
  });

  it("says to cancel instead when nothing at all would be packed", async () => {
    renderForm();
    for (const name of ["Tomatoes", "Spinach", "Paneer"]) {
      fireEvent.change(packed(name), { target: { value: "0" } });
    }
    await submit();
    expect(requests).toEqual([]);
    expect(screen.getByRole("alert").textContent).toBe(FULFILMENT_MESSAGES.shortPickNothingLeft);
  });

  it("shows the server's words when someone else moved the order first", async () => {
    const message = FULFILMENT_MESSAGES.alreadyMoved("packed");
    answer = () => Response.json({ code: "CONFLICT", message }, { status: 409 });
    const { onPacked } = renderForm();
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(onPacked).not.toHaveBeenCalled();
  });
});

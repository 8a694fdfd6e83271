// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SalesOrder, SalesOrderLine } from "../../../../shared/contracts/sales.ts";
import { lineAmountPaise, MEASURE_MESSAGES } from "../../../../shared/rules/measure.ts";
import {
  FULFILMENT_MESSAGES,
  SHORT_PICK_REASON_LABELS,
} from "../../../../shared/rules/order-fulfilment.ts";
import { PackForm } from "./pack-form.tsx";

/** ₹40 a unit, or ₹40 a kilogram for what is weighed (quantities then in grams). */
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
    taxablePaise: lineAmountPaise(4_000, quantity, unit),
    gstPaise: 0,
  };
}

// 750 g of tomatoes (₹30), 2 bunches of spinach (₹80), 1 pack of paneer (₹40), ₹49 delivery.
const ORDER: SalesOrder = {
  orderNumber: "FHH-000321",
  weightTolerancePercent: 10,
  status: "confirmed",
  promise: "on_time",
  placedAt: "2026-11-24T14:00:00.000Z",
  deliveredAt: null,
  customerName: "Asha Patnaik",
  locale: "or",
  email: "asha@example.com",
  phone: "98765 43210",
  address: "Plot 12, Saheed Nagar",
  city: "Bhubaneswar",
  state: "Odisha",
  pincode: "751007",
  notes: "",
  lines: [
    line("tomatoes", "Tomatoes", 750, "kg"),
    line("spinach", "Spinach", 2, "bunch"),
    line("paneer", "Paneer", 1, "pack"),
  ],
  subtotalPaise: 15_000,
  gstPaise: 0,
  deliveryFeePaise: 4_900,
  totalPaise: 19_900,
  eventTicket: null,
  collectPaise: 19_900,
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

/** A cash order: nothing was paid before packing. */
const CASH: SalesOrder = {
  ...ORDER,
  payment: { method: "cash", status: "pending", reference: null, instrument: "Cash on Delivery" },
};

function renderForm(order: SalesOrder = ORDER) {
  const onPacked = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PackForm order={order} onPacked={onPacked} onBack={() => {}} />
    </QueryClientProvider>,
  );
  return { onPacked };
}

const packed = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name}: (units|weight) packed`)) as HTMLInputElement;
/** What a weighed line says it will charge, read with its field. */
const charged = (name: string) =>
  (packed(name).getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .find((said) => said.startsWith("Charged"));
const weigh = (value: string) => fireEvent.change(packed("Tomatoes"), { target: { value } });
const whyFewer = (name: string) =>
  screen.queryByRole("combobox", { name: `Why fewer? (${name})` }) as HTMLSelectElement | null;
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Mark packed" }));
  });

describe("the pack step's units packed per line", () => {
  it("starts every line at what was ordered, labelled with its name and unit", () => {
    renderForm();
    expect(packed("Tomatoes").value).toBe("0.75");
    expect(packed("Tomatoes").labels?.[0]?.textContent).toBe("Tomatoes: weight packed (kg)");
    expect(packed("Spinach").value).toBe("2");
    expect(packed("Spinach").labels?.[0]?.textContent).toBe("Spinach: units packed (bunch)");
    expect(packed("Paneer").value).toBe("1");
    expect(packed("Spinach").getAttribute("max")).toBe("2");
    expect(screen.getAllByTestId("pack-line")[0]?.textContent).toContain("Ordered 750 g");
    expect(charged("Tomatoes")).toBe("Charged for 750 g: ₹30.00");
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
    fireEvent.change(packed("Spinach"), { target: { value: "1" } });
    fireEvent.change(packed("Paneer"), { target: { value: "0" } });
    // Only the short lines ask why; the lines packed as ordered do not.
    expect(whyFewer("Tomatoes")).toBeNull();
    expect(Array.from(whyFewer("Spinach")?.options ?? [], (option) => option.textContent)).toEqual([
      "Choose a reason",
      ...Object.values(SHORT_PICK_REASON_LABELS),
    ]);
    fireEvent.change(whyFewer("Spinach") as HTMLSelectElement, {
      target: { value: "spoiled" },
    });
    fireEvent.change(whyFewer("Paneer") as HTMLSelectElement, {
      target: { value: "not_on_shelf" },
    });
    expect(screen.getByRole("status").textContent).toMatch(/^2 lines are packed short\./);
    // ₹30 of tomatoes and ₹40 of spinach, with the ₹49 delivery fee; ₹80 of ₹199 goes back.
    expect(screen.getByRole("status").textContent).toContain(
      "New total ₹119.00 (was ₹199.00): ₹80.00 goes back to the shopper.",
    );
    const shortLines = screen
      .getAllByTestId("pack-line")
      .filter((item) => item.textContent?.includes("Short"));
    expect(shortLines.map((item) => item.querySelector("label")?.textContent)).toEqual([
      "Spinach: units packed (bunch)",
      "Paneer: units packed (pack)",
    ]);
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [
        { productId: "spinach", quantity: 1, reason: "spoiled" },
        { productId: "paneer", quantity: 0, reason: "not_on_shelf" },
      ],
    });
    expect(onPacked).toHaveBeenCalledOnce();
  });

  it("refuses a short line without a reason, on that line, before any request", async () => {
    const { onPacked } = renderForm();
    fireEvent.change(packed("Spinach"), { target: { value: "1" } });
    fireEvent.change(packed("Paneer"), { target: { value: "0" } });
    fireEvent.change(whyFewer("Paneer") as HTMLSelectElement, { target: { value: "damaged" } });
    await submit();
    expect(requests).toEqual([]);
    const spinach = whyFewer("Spinach") as HTMLSelectElement;
    expect(spinach.getAttribute("aria-invalid")).toBe("true");
    const said = document.getElementById(spinach.getAttribute("aria-describedby") ?? "");
    expect(said?.textContent).toBe(FULFILMENT_MESSAGES.shortPickReason);
    expect(said?.closest("[data-testid=pack-line]")?.querySelector("label")?.textContent).toBe(
      "Spinach: units packed (bunch)",
    );
    expect(screen.getAllByText(FULFILMENT_MESSAGES.shortPickReason)).toHaveLength(1);
    expect(whyFewer("Paneer")?.getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(spinach);

    fireEvent.change(spinach, { target: { value: "miscounted" } });
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [
        { productId: "spinach", quantity: 1, reason: "miscounted" },
        { productId: "paneer", quantity: 0, reason: "damaged" },
      ],
    });
    expect(onPacked).toHaveBeenCalledOnce();
  });

  it("refuses more than ordered, a part unit or a weight that is no weight, on the line", async () => {
    renderForm();
    weigh("0.7555");
    fireEvent.change(packed("Spinach"), { target: { value: "3" } });
    fireEvent.change(packed("Paneer"), { target: { value: "0.5" } });
    await submit();
    expect(requests).toEqual([]);
    expect(packed("Tomatoes").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(MEASURE_MESSAGES.weightText)).toBeTruthy();
    expect(packed("Spinach").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter from 0 to 2.")).toBeTruthy();
    expect(packed("Paneer").getAttribute("aria-invalid")).toBe("true");
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

describe("the pack step's weighed lines", () => {
  it("sends a reading within the tolerance without asking why, charging what was packed", async () => {
    const { onPacked } = renderForm(CASH);
    weigh("0.78");
    expect(whyFewer("Tomatoes")).toBeNull();
    expect(charged("Tomatoes")).toBe("Charged for 780 g: ₹31.20");
    expect(screen.getByRole("status").textContent).toMatch(
      /^1 weighed line differs from what was ordered\..*New total ₹200\.20 \(was ₹199\.00\)\.$/,
    );
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [{ productId: "tomatoes", quantity: 780 }],
    });
    expect(onPacked).toHaveBeenCalledOnce();
  });

  it("charges a prepaid line no more than was ordered, the extra weight on the shop", async () => {
    renderForm();
    weigh("0.8");
    expect(charged("Tomatoes")).toBe(
      "Charged for 750 g: ₹30.00 (paid before packing, so the extra weight is on us)",
    );
    expect(screen.getByRole("status").textContent).toContain("The total stays ₹199.00.");
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [{ productId: "tomatoes", quantity: 800 }],
    });
  });

  it("caps a cash line at the tolerance above what was ordered", () => {
    renderForm(CASH);
    weigh("0.9");
    expect(charged("Tomatoes")).toBe(
      "Charged for 825 g: ₹33.00 (never more than 10% over what was ordered)",
    );
  });

  it("sends a lighter reading within the tolerance, the prepaid difference going back", async () => {
    renderForm();
    weigh("0.7");
    expect(whyFewer("Tomatoes")).toBeNull();
    expect(charged("Tomatoes")).toBe("Charged for 700 g: ₹28.00");
    expect(screen.getByRole("status").textContent).toContain(
      "New total ₹197.00 (was ₹199.00): ₹2.00 goes back to the shopper.",
    );
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [{ productId: "tomatoes", quantity: 700 }],
    });
  });

  it("asks why fewer only beyond the tolerance, and sends the reading with the reason", async () => {
    renderForm();
    weigh("0.675");
    expect(whyFewer("Tomatoes")).toBeNull();
    weigh("0.674");
    expect(whyFewer("Tomatoes")).not.toBeNull();
    await submit();
    expect(requests).toEqual([]);
    expect(whyFewer("Tomatoes")?.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(whyFewer("Tomatoes") as HTMLSelectElement, { target: { value: "spoiled" } });
    await submit();
    expect(requests[0]?.body).toEqual({
      to: "packed",
      picked: [{ productId: "tomatoes", quantity: 674, reason: "spoiled" }],
    });
  });
});

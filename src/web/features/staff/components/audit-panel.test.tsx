// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AUDIT_MESSAGES,
  type AuditEntryView,
  type AuditPage,
} from "../../../../shared/contracts/audit.ts";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { AuditPanel } from "./audit-panel.tsx";

/** jsdom has no EventSource: one that never connects, so the panel shows what it fetched. */
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

const RECEIPT: AuditEntryView = {
  id: "12",
  at: "2026-11-27T04:05:00.000Z",
  staffName: "Sasmita Das",
  role: "inventory",
  action: "stock.receive",
  targetType: "product",
  targetId: "tomatoes",
  before: { stock: 0 },
  after: {
    name: "Tomatoes",
    unit: "kg",
    stock: 50_000,
    movementId: 913,
    kind: "receipt",
    quantity: 50_000,
    supplier: "Khordha Organic Farm",
    harvestedOn: "2026-11-27",
    bestBefore: "2026-12-02",
  },
  requestId: "req-1",
};

const EDIT: AuditEntryView = {
  ...RECEIPT,
  id: "11",
  staffName: "Bikash Sahu",
  action: "product.update",
  before: { name: "Tomatoes", unit: "kg", pricePaise: 8000, version: 3 },
  after: { name: "Tomatoes", unit: "kg", pricePaise: 9500, version: 4 },
};

const MEMBERS = {
  members: [
    { id: "staff-former", name: "Bikash Sahu" },
    { id: "staff-inventory", name: "Sasmita Das" },
  ],
};

let urls: string[];
let answer: (url: URL) => Response;

/** The server's part: filters by the query, as the route does. */
function serve(url: URL): Response {
  if (url.pathname.endsWith("/audit/members")) return Response.json(MEMBERS);
  const kind = url.searchParams.get("kind");
  const staff = url.searchParams.get("staff");
  const entries = [RECEIPT, EDIT].filter(
    (entry) =>
      (!kind || (kind === "stock") === entry.action.startsWith("stock.")) &&
      (!staff || (staff === "staff-former") === (entry.staffName === "Bikash Sahu")),
  );
  return Response.json({ entries, nextCursor: null } satisfies AuditPage);
}

beforeEach(() => {
  urls = [];
  answer = serve;
  vi.stubGlobal("EventSource", QuietEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      urls.push(path);
      return answer(new URL(path, "http://shop.test"));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DASHBOARD: StaffRole = "inventory";

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuditPanel role={DASHBOARD} />
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: AUDIT_MESSAGES.title });
}

const choose = (label: string, value: string) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });

describe("the dashboard's Recent activity", () => {
  it("reads each entry as a sentence with its details and the time in India", async () => {
    const panel = renderPanel();
    await screen.findByText(/^Sasmita Das received/);
    const lines = within(panel)
      .getAllByRole("listitem")
      .filter((item) => item.querySelector("time"));
    expect(lines.map((line) => line.querySelector("p")?.textContent)).toEqual([
      "Sasmita Das received 50 kg of Tomatoes from Khordha Organic Farm, harvested 27 Nov",
      "Bikash Sahu edited Tomatoes",
    ]);
    expect(panel.textContent).toContain("Best before 2 Dec");
    expect(panel.textContent).toContain("Price: ₹80.00 → ₹95.00");
    const time = lines[0]!.querySelector("time")!;
    expect(time.getAttribute("dateTime")).toBe(RECEIPT.at);
    expect(time.textContent).toBe("27 Nov 2026, 9:35 am");
    expect(panel.textContent).not.toMatch(/movement|bps|version|\{/i);
  });

  it("offers the members and kinds as labelled lists, and asks the server to filter", async () => {
    renderPanel();
    await screen.findByRole("option", { name: "Bikash Sahu" });
    const member = screen.getByLabelText(AUDIT_MESSAGES.member) as HTMLSelectElement;
    expect([...member.options].map((option) => option.text)).toEqual([
      AUDIT_MESSAGES.allMembers,
      "Bikash Sahu",
      "Sasmita Das",
    ]);
    const kind = screen.getByLabelText(AUDIT_MESSAGES.kind) as HTMLSelectElement;
    expect([...kind.options].map((option) => option.text)).toEqual([
      AUDIT_MESSAGES.allKinds,
      "Stock",
      "Products and prices",
      "Sign-in name",
    ]);

    await choose(AUDIT_MESSAGES.kind, "stock");
    await screen.findByText(/^Sasmita Das received/);
    expect(screen.queryByText("Bikash Sahu edited Tomatoes")).toBeNull();
    await choose(AUDIT_MESSAGES.member, "staff-former");
    expect(await screen.findByText(AUDIT_MESSAGES.emptyKind)).toBeTruthy();
    expect(urls.filter((url) => !url.endsWith("/members"))).toEqual([
      "/api/staff/inventory/audit",
      "/api/staff/inventory/audit?kind=stock",
      "/api/staff/inventory/audit?staff=staff-former&kind=stock",
    ]);
  });

  it("says the log cannot be read, with a way to try again", async () => {
    answer = (url) =>
      url.pathname.endsWith("/members")
        ? serve(url)
        : Response.json({ code: "INTERNAL", message: "Down for a moment." }, { status: 500 });
    renderPanel();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Down for a moment.");
    answer = serve;
    await act(async () => {
      fireEvent.click(within(alert).getByRole("button", { name: /Try again/ }));
    });
    expect(await screen.findByText("Bikash Sahu edited Tomatoes")).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  SAVED_VIEW_MESSAGES,
  type SavedView,
  savedViewsPath,
} from "../../../../shared/contracts/saved-views.ts";
import { SAVED_VIEW_TEXT } from "./saved-view-texts.ts";
import { SavedViewsMenu } from "./saved-views-menu.tsx";

const LATE: SavedView = {
  id: 7,
  name: "Late cash orders",
  query: "payment=cash&late=1",
  createdAt: "2026-11-30T04:00:00.000Z",
};

let answer: (method: string, url: URL, body: unknown) => Response | Promise<Response>;
let calls: { method: string; path: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      return answer(method, new URL(path, "http://shop.test"), body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const refusal = (status: number, message: string) =>
  Response.json({ code: status === 409 ? "CONFLICT" : "INTERNAL", message }, { status });

async function open(onApply = vi.fn(), query = "status=all") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SavedViewsMenu dashboard="sales" query={query} onApply={onApply} />
    </QueryClientProvider>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: SAVED_VIEW_TEXT.button }));
  });
  return screen.getByRole("dialog", { name: SAVED_VIEW_TEXT.title });
}

describe("the dashboards' Views control", () => {
  it("shows that the views are loading, then that there are none yet", async () => {
    let release!: () => void;
    answer = () =>
      new Promise((resolve) => {
        release = () => resolve(Response.json({ views: [] }));
      });
    const panel = await open();
    expect(within(panel).getByRole("status", { name: SAVED_VIEW_TEXT.loading })).toBeTruthy();
    await act(async () => release());
    expect(await within(panel).findByText(SAVED_VIEW_TEXT.empty)).toBeTruthy();
    expect(calls).toEqual([{ method: "GET", path: savedViewsPath("sales"), body: undefined }]);
  });

  it("says when the views could not be loaded, and tries again", async () => {
    answer = () => refusal(500, "Something went wrong on our side. Please try again.");
    const panel = await open();
    expect((await within(panel).findByRole("alert")).textContent).toContain(
      "We could not load this section.",
    );
    answer = () => Response.json({ views: [LATE] });
    await act(async () => {
      fireEvent.click(within(panel).getByRole("button", { name: "Try again" }));
    });
    expect(await within(panel).findByRole("button", { name: LATE.name })).toBeTruthy();
  });

  it("applies a view, marking the one the filters match, and deletes one by its name", async () => {
    answer = (method) => Response.json({ views: method === "DELETE" ? [] : [LATE] });
    const onApply = vi.fn();
    const panel = await open(onApply, LATE.query);
    const view = await within(panel).findByRole("button", { name: LATE.name });
    expect(view.getAttribute("aria-current")).toBe("true");
    await act(async () => {
      fireEvent.click(within(panel).getByRole("button", { name: `Delete view ${LATE.name}` }));
    });
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", path: `${savedViewsPath("sales")}/7` });
    expect(await within(panel).findByText(SAVED_VIEW_TEXT.empty)).toBeTruthy();

    answer = () => Response.json({ views: [LATE] });
    cleanup();
    const again = await open(onApply);
    await act(async () => {
      fireEvent.click(await within(again).findByRole("button", { name: LATE.name }));
    });
    expect(onApply).toHaveBeenCalledWith(LATE.query);
  });

  it("saves the current filters under a trimmed name, and shows a refusal in the form", async () => {
    answer = (method) =>
      method === "PUT" ? refusal(409, SAVED_VIEW_MESSAGES.tooMany) : Response.json({ views: [] });
    const panel = await open(vi.fn(), "status=all&late=1");
    await within(panel).findByText(SAVED_VIEW_TEXT.empty);
    const save = within(panel).getByRole("button", { name: SAVED_VIEW_TEXT.save });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(within(panel).getByRole("alert").textContent).toBe(SAVED_VIEW_MESSAGES.nameRequired);
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);

    fireEvent.change(within(panel).getByLabelText(SAVED_VIEW_TEXT.nameLabel), {
      target: { value: "  Late orders " },
    });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(calls.at(-1)).toEqual({
      method: "PUT",
      path: savedViewsPath("sales"),
      body: { name: "Late orders", query: "status=all&late=1" },
    });
    expect((await within(panel).findByRole("alert")).textContent).toBe(SAVED_VIEW_MESSAGES.tooMany);
  });
});

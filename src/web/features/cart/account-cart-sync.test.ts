import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../../../shared/catalogue.ts";
import { type CartLine, mergeCartLines } from "../../../shared/rules/cart-merge.ts";
import { ApiError } from "../../lib/api-client.ts";
import { linesKey, toLines } from "./account-cart-lines.ts";
import { createAccountCartSync } from "./account-cart-sync.ts";
import { type CartItem, cartReducer } from "./cart-state.ts";

const DELAY = 500;
// Counted, so the quantities below are the units a shopper taps (the sync does not care which).
const product = (id: string): Product => ({
  id,
  name: id,
  category: "vegetables",
  pricePaise: 4000,
  unit: "bunch",
  step: 1,
  minimum: 1,
  image: "",
  description: "",
  organic: true,
  local: true,
  inSeason: true,
  featured: false,
  stock: 100,
  gstRateBps: 0,
  hsnCode: "0702",
});
const CATALOGUE = ["tomatoes", "spinach", "paneer", "mint"].map(product);
const item = (id: string, quantity: number): CartItem => ({ product: product(id), quantity });
const line = (productId: string, quantity: number): CartLine => ({ productId, quantity });

/** An account's cart on a pretend server that follows the real merge rule; calls can be held. */
function account(stored: CartLine[] = []) {
  const calls: string[] = [];
  let held: Promise<void> | undefined;
  let fail: unknown;
  const answer = async (name: string, run: () => CartLine[]) => {
    calls.push(name);
    await held;
    if (fail) throw fail;
    stored = run();
    return { items: stored };
  };
  return {
    calls,
    stored: () => stored,
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        held = undefined;
        release();
      };
    },
    failWith(error: unknown) {
      fail = error;
    },
    server: {
      fetch: () => answer("fetch", () => stored),
      save: (items: CartLine[]) => answer("save", () => items),
      merge: (items: CartLine[]) =>
        answer("merge", () =>
          mergeCartLines(items, stored, () => ({ unit: "bunch", step: 1, minimum: 1 })),
        ),
    },
  };
}

/** The browser: its cart, its mark, and the sync told of every change as the provider does. */
function browser(server: ReturnType<typeof account>, items: CartItem[], mark: string | null) {
  const state = { items, mark, sessionChecks: 0 };
  const sync = createAccountCartSync({
    read: () => state.items,
    replace: (next) => change({ type: "replace", items: next }),
    clear: () => change({ type: "clear" }),
    products: async () => CATALOGUE,
    server: server.server,
    mark: {
      read: () => state.mark,
      write: (next) => {
        state.mark = next;
      },
    },
    sessionEnded: () => {
      state.sessionChecks += 1;
    },
    saveDelayMs: DELAY,
  });
  function change(action: Parameters<typeof cartReducer>[1]) {
    state.items = cartReducer(state.items, action);
    sync.changed();
  }
  return { state, sync, change, lines: () => toLines(state.items) };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("a signed-in customer's cart", () => {
  it("merges a guest's cart at sign-in and shows the account's lines too", async () => {
    const server = account([line("tomatoes", 1), line("paneer", 1)]);
    const page = browser(server, [item("tomatoes", 2)], null);
    page.sync.sessionIs(null);
    page.sync.sessionIs(undefined);
    page.sync.sessionIs("asha");
    await settle();
    expect(server.calls).toEqual(["merge"]);
    expect(page.lines()).toEqual([line("tomatoes", 3), line("paneer", 1)]);
    expect(page.state.items[1]!.product.name).toBe("paneer");
    expect(page.state.mark).toBe(linesKey([line("paneer", 1), line("tomatoes", 3)]));
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(server.calls).toEqual(["merge"]);
  });

  it("brings the account's own copy up to date on a page load instead of merging it again", async () => {
    const server = account([line("tomatoes", 3), line("mint", 1)]);
    const page = browser(server, [item("tomatoes", 3)], linesKey([line("tomatoes", 3)]));
    page.sync.sessionIs("asha");
    await settle();
    expect(server.calls).toEqual(["fetch"]);
    expect(page.lines()).toEqual([line("tomatoes", 3), line("mint", 1)]);
    expect(server.stored()).toEqual([line("tomatoes", 3), line("mint", 1)]);
  });

  it("sends a change the account may have missed when the page comes back", async () => {
    const server = account([line("tomatoes", 3)]);
    const page = browser(server, [item("tomatoes", 4)], linesKey([line("tomatoes", 3)]));
    page.sync.sessionIs("asha");
    await settle();
    expect(server.calls).toEqual(["save"]);
    expect(server.stored()).toEqual([line("tomatoes", 4)]);
    expect(page.state.mark).toBe(linesKey([line("tomatoes", 4)]));
  });

  it("saves changes after a pause: one save of the latest cart", async () => {
    const server = account();
    const page = browser(server, [], null);
    page.sync.sessionIs("asha");
    await settle();
    page.change({ type: "add", product: product("spinach"), quantity: 1 });
    await vi.advanceTimersByTimeAsync(DELAY - 100);
    page.change({ type: "add", product: product("spinach"), quantity: 1 });
    page.change({ type: "add", product: product("mint"), quantity: 2 });
    expect(page.state.mark).toBe(linesKey([]));
    await vi.advanceTimersByTimeAsync(DELAY - 1);
    expect(server.calls).toEqual(["merge"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual(["merge", "save"]);
    expect(server.stored()).toEqual([line("spinach", 2), line("mint", 2)]);
    expect(page.state.mark).toBe(linesKey(server.stored()));
  });

  it("keeps a change made while the merge was on its way, and saves it", async () => {
    const server = account([line("paneer", 1)]);
    const page = browser(server, [item("tomatoes", 2)], null);
    const release = server.hold();
    page.sync.sessionIs("asha");
    await settle();
    page.change({ type: "add", product: product("tomatoes"), quantity: 1 });
    release();
    await settle();
    expect(page.lines()).toEqual([line("tomatoes", 3), line("paneer", 1)]);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(server.calls).toEqual(["merge", "save"]);
    expect(server.stored()).toEqual([line("tomatoes", 3), line("paneer", 1)]);
  });

  it("sends a change made during a save in the next save", async () => {
    const server = account();
    const page = browser(server, [], null);
    page.sync.sessionIs("asha");
    await settle();
    page.change({ type: "add", product: product("mint"), quantity: 1 });
    const release = server.hold();
    await vi.advanceTimersByTimeAsync(DELAY);
    page.change({ type: "add", product: product("mint"), quantity: 1 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(server.calls).toEqual(["merge", "save"]);
    release();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(server.calls).toEqual(["merge", "save", "save"]);
    expect(server.stored()).toEqual([line("mint", 2)]);
    expect(page.state.mark).toBe(linesKey([line("mint", 2)]));
  });

  it("empties the browser's cart at logout and saves nothing more", async () => {
    const server = account();
    const page = browser(server, [item("tomatoes", 2)], null);
    page.sync.sessionIs("asha");
    await settle();
    page.change({ type: "add", product: product("mint"), quantity: 1 });
    page.sync.sessionIs(undefined);
    page.sync.sessionIs(null);
    expect(page.state.items).toEqual([]);
    expect(page.state.mark).toBeNull();
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(server.calls).toEqual(["merge"]);
    expect(server.stored()).toEqual([line("tomatoes", 2)]);
  });

  it("ignores an answer that arrives after the customer logged out", async () => {
    const server = account([line("paneer", 1)]);
    const page = browser(server, [item("tomatoes", 2)], null);
    const release = server.hold();
    page.sync.sessionIs("asha");
    await settle();
    page.sync.sessionIs(null);
    release();
    await settle();
    expect(page.state.items).toEqual([]);
    expect(page.state.mark).toBeNull();
  });

  it("clears a cart left as an account's copy when the page loads without a session", async () => {
    const copy = browser(account(), [item("tomatoes", 2)], linesKey([line("tomatoes", 2)]));
    copy.sync.sessionIs(null);
    expect(copy.state.items).toEqual([]);
    expect(copy.state.mark).toBeNull();

    const guests = browser(account(), [item("tomatoes", 2)], null);
    guests.sync.sessionIs(null);
    expect(guests.lines()).toEqual([line("tomatoes", 2)]);
  });

  it("leaves a guest's cart to the browser alone", async () => {
    const server = account();
    const page = browser(server, [], null);
    page.sync.sessionIs(null);
    page.change({ type: "add", product: product("mint"), quantity: 1 });
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(server.calls).toEqual([]);
    expect(page.state.mark).toBeNull();
  });

  it("asks for the session again when the server says nobody is signed in", async () => {
    const server = account();
    const page = browser(server, [], null);
    page.sync.sessionIs("asha");
    await settle();
    server.failWith(new ApiError(401, "UNAUTHORIZED", "Please log in"));
    page.change({ type: "add", product: product("mint"), quantity: 1 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(page.state.sessionChecks).toBe(1);
    // Still what the account last had: the next page load sends the cart again.
    expect(page.state.mark).toBe(linesKey([]));
  });

  it("stops saving when another tab logged out, and asks for the session", async () => {
    const server = account();
    const page = browser(server, [item("mint", 1)], null);
    page.sync.sessionIs("asha");
    await settle();
    // The other tab emptied the shared storage; this tab hears of it as a change of cart.
    page.state.mark = null;
    page.change({ type: "clear" });
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(server.calls).toEqual(["merge"]);
    expect(server.stored()).toEqual([line("mint", 1)]);
    expect(page.state.sessionChecks).toBe(1);
  });
});

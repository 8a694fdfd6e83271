// @vitest-environment jsdom
import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageRenderInput, RenderedPage } from "../shared/contracts/page-render.ts";
import { App } from "./app/app.tsx";
import { readPageData } from "./app/page-data.ts";
import { startPage } from "./app/page-start.ts";
import { type createRouter, routes } from "./app/router.tsx";
import { renderPage } from "./entry-server.tsx";
import { matchRoute } from "./lib/router/index.ts";

const product = (id: string, name: string, category: "fruits" | "herbs", featured: boolean) => ({
  id,
  name,
  category,
  pricePaise: 12000,
  unit: "kg" as const,
  step: 250,
  minimum: 250,
  image: `/images/products/${id}.svg`,
  description: `${name} from a farm near Bhubaneswar`,
  organic: true,
  local: true,
  inSeason: true,
  featured,
  stock: 10_000,
  gstRateBps: 0,
  hsnCode: "0808",
  harvestedOn: null,
  photoUrl: null,
  photoSrcSet: null,
  nameOr: id === "kashmir-apples" ? "କାଶ୍ମୀରୀ ସେଓ" : null,
  nameHi: id === "kashmir-apples" ? "कश्मीरी सेब" : null,
  descriptionOr: null,
  descriptionHi: null,
});

const CATALOGUE: PageRenderInput["catalogue"] = {
  products: [
    product("alphonso-mangoes", "Alphonso Mangoes", "fruits", true),
    product("kashmir-apples", "Kashmir Apples", "fruits", false),
    product("tulsi", "Holy Basil <Tulsi>", "herbs", true),
  ],
  categories: [
    { id: "fruits", name: "Fruits", description: "Fruit", image: "/images/categories/fruits.svg" },
    { id: "herbs", name: "Herbs", description: "Herbs", image: "/images/categories/herbs.svg" },
  ],
  loadedAt: Date.now(),
};

const SITE: PageRenderInput["site"] = {
  demoMode: true,
  serviceablePincodes: ["751001", "751024"],
  signInProviders: [],
  paymentMethods: ["cash"],
  bulkPaymentMethods: ["cash_on_delivery"],
};

/** The server's render of one page, with the catalogue and settings above. */
const render = (url: string, cartEmpty = false) =>
  renderPage({ url, catalogue: CATALOGUE, site: SITE, cartEmpty });

/** A value for each parameter the router's paths have ("/orders/:orderNumber"). */
const PARAMETERS: Record<string, string> = {
  orderNumber: "FHH-20261126-0001",
  reference: "TKT-123456",
  id: "1",
  providerOrderId: "order_123",
};

/** A page visited at other addresses than its path: what it reads from the query, or the 404. */
const ADDRESSES: Record<string, string[]> = {
  "/shop": ["/shop", "/shop?category=fruits&search=mango&organic=1"],
  "/order-confirmation": ["/order-confirmation?order=FHH-20261126-0001"],
  "/reset-password": ["/reset-password?token=abc"],
  "/bulk-order-confirmation": ["/bulk-order-confirmation?reference=BULK-1"],
  "*": ["/no/such/page"],
};

function addressesOf(path: string): string[] {
  return (
    ADDRESSES[path] ?? [
      path.replace(/:(\w+)/g, (_, name: string) => {
        const value = PARAMETERS[name];
        if (!value) throw new Error(`No value for :${name} of ${path} in the test's PARAMETERS`);
        return value;
      }),
    ]
  );
}

/** Every page the router has, with its parameters filled in, and the status it answers with. */
const PAGES = routes.flatMap((route) =>
  addressesOf(route.path).map((url): [string, number] => [url, route.handle.status ?? 200]),
);

let root: Root | undefined;
let router: Awaited<ReturnType<typeof createRouter>> | undefined;
beforeEach(() => {
  // What jsdom lacks and a browser has: nothing comes into view here, and a dialog just opens.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal("scrollTo", () => {});
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  // What the pages fetch once live stays unanswered: this test is about their first frame.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  // A router left listening would follow the next test's history too.
  router?.dispose();
  router = undefined;
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

/**
 * Puts the server's page in the document and hydrates it as main.tsx does; answers mismatches.
 * `state` is what the browser's history keeps for the entry over a reload.
 */
async function hydrate(url: string, page: RenderedPage, state: unknown = null, cartEmpty = false) {
  document.body.innerHTML = `<div id="root">${page.html}</div>${page.dataScript}`;
  window.history.replaceState(state && { usr: state, key: "reloaded", idx: 0 }, "", url);
  const container = document.getElementById("root")!;
  const drawn = container.innerHTML;
  const mismatches: unknown[] = [];
  const { i18n, router: created } = await startPage();
  router = created;
  await act(async () => {
    root = hydrateRoot(
      container,
      <App i18n={i18n} router={created} pageData={readPageData()} cartEmpty={cartEmpty} />,
      {
        onRecoverableError: (error) => mismatches.push(error),
      },
    );
  });
  return { container, drawn, mismatches };
}

describe("pages drawn on the server", () => {
  it("visits each of the router's pages at an address that reaches it", () => {
    for (const route of routes) {
      for (const url of addressesOf(route.path)) {
        const { pathname } = new URL(url, "http://localhost");
        expect(matchRoute(routes, pathname)?.route.path, url).toBe(route.path);
      }
    }
    const paths = routes.map((route) => route.path);
    expect(Object.keys(ADDRESSES).filter((path) => !paths.includes(path))).toEqual([]);
  });

  it.each(PAGES)("%s hydrates without a mismatch", async (url, status) => {
    const page = await render(url);
    expect(page.status).toBe(status);
    expect(page.html).not.toBe("");

    const { container, drawn, mismatches } = await hydrate(url, page);
    expect(mismatches).toEqual([]);
    // Hydration kept the server's nodes rather than drawing the page again.
    const heading = container.querySelector("h1");
    if (drawn.includes("<h1")) expect(heading && drawn.includes(heading.outerHTML)).toBe(true);
  });

  it.each(["/", "/cart", "/checkout"])(
    "%s hydrates in a returning visitor's browser (a cart, the welcome seen)",
    async (url) => {
      // jsdom gives the server's render a localStorage too: fill it only once the HTML is made.
      const page = await render(url);
      window.localStorage.setItem("welcomeSeen", "true");
      window.localStorage.setItem(
        "cart",
        JSON.stringify([{ product: CATALOGUE.products[0], quantity: 1750 }]),
      );
      const { container, mismatches } = await hydrate(url, page);
      expect(mismatches).toEqual([]);
      // Then the browser's own state shows: the badge counts the stored cart (1.75 kg is 2).
      expect(container.querySelector('[data-testid="cart-count"]')?.textContent).toBe("2");
      window.localStorage.clear();
    },
  );

  it.each([
    ["/cart", "Fresh produce is waiting for you in the shop."],
    ["/checkout", "Please add items to your cart before checking out."],
  ])(
    "%s for a browser without a cart arrives empty, not loading, and hydrates so",
    async (url, hint) => {
      const unknown = await render(url);
      expect(unknown.html).toContain("Loading");
      expect(unknown.html).not.toContain("Your cart is empty");
      const page = await render(url, true);
      expect(page.html).toContain("Your cart is empty");
      expect(page.html).toContain(hint);
      const { container, drawn, mismatches } = await hydrate(url, page, null, true);
      expect(mismatches).toEqual([]);
      expect(drawn.includes(container.querySelector("h1")!.outerHTML)).toBe(true);
    },
  );

  it.each([
    // The order confirmation reloaded after checkout is covered in the browser
    // (order-confirmation.spec.ts), where its order loads; here it never would.
    ["/otp-verification", { email: "asha@example.com" }],
    ["/reset-password", { verified: true, email: "asha@example.com", otp: "123456" }],
    ["/account-deleted", { deleted: true }],
  ])("%s reloaded with its navigation's state hydrates, then reads it", async (url, state) => {
    const page = await render(url);
    const { mismatches } = await hydrate(url, page, state);
    expect(mismatches).toEqual([]);
    // The state was read, not taken for missing: the page did not send the visitor away.
    expect(window.location.pathname).toBe(url);
  });

  it("puts the shop's products in its HTML and hands them to the page without a fetch", async () => {
    const page = await render("/shop");
    for (const { name } of CATALOGUE.products) {
      expect(page.html).toContain(name.replace("<", "&lt;").replace(">", "&gt;"));
    }
    expect(page.title).toBe("All Products | Fresh Harvest Hub");
    expect(page.showsCatalogue).toBe(true);
    expect(page.routeModules).toEqual(["routes/shop.tsx"]);
    // The page's texts by name, for the browser to load without its language's index.
    expect(page.textsModules).toEqual({
      frame: "page-texts/en/frame.ts",
      "routes/shop": "page-texts/en/routes/shop.ts",
    });
    // No raw "<" inside the data block, so a product named "</script>" cannot end it.
    expect(page.dataScript.slice(1, -"</script>".length)).not.toMatch(/<(?!\/?script)/);
    expect(page.dataScript).toContain("\\u003cTulsi>");
  });

  it("hands the first row's picture preloads over for the head, out of the page's markup", async () => {
    const page = await render("/shop");
    expect(page.headPreloads).toContain(
      '<link rel="preload" as="image" href="/images/products/alphonso-mangoes.svg" fetchPriority="high"/>',
    );
    expect(page.html).not.toContain('rel="preload"');
    expect(page.html).toMatch(/^<div/);
  });

  it("draws the shop filtered as its address says", async () => {
    const page = await render("/shop?category=fruits&search=MANGO");
    expect(page.html).toContain("Alphonso Mangoes");
    expect(page.html).not.toContain("Kashmir Apples");
    expect(page.title).toBe("Fruits | Fresh Harvest Hub");
  });

  it("brings the search rule's code to a shop address with a search, and only there", async () => {
    const searching = await render("/shop?search=MANGO");
    expect(searching.html).toContain("Alphonso Mangoes");
    expect(searching.html).not.toContain("Kashmir Apples");
    expect(searching.routeModules).toContain("../shared/rules/product-search.ts");
    for (const url of ["/shop", "/shop?search=%20%20", "/shop?category=fruits"]) {
      expect((await render(url)).routeModules, url).not.toContain(
        "../shared/rules/product-search.ts",
      );
    }
  });

  it("asks for the checkout form's code only for a browser with a cart", async () => {
    const empty = await render("/checkout", true);
    expect(empty.routeModules).toEqual(["routes/checkout.tsx"]);
    expect(Object.keys(empty.textsModules)).toEqual(["frame", "routes/checkout"]);
    const filled = await render("/checkout");
    expect(filled.routeModules).toEqual([
      "routes/checkout.tsx",
      "features/checkout/checkout-form.tsx",
    ]);
    expect(filled.textsModules).toEqual({
      frame: "page-texts/en/frame.ts",
      "routes/checkout": "page-texts/en/routes/checkout.ts",
      "features/checkout/checkout-form": "page-texts/en/features/checkout/checkout-form.ts",
    });
  });

  it.each([
    ["/or/shop?category=fruits", "or", "ଦୋକାନ", "ପରିବା"],
    ["/hi", "hi", "दुकान", "सब्ज़ियाँ"],
  ])(
    "draws %s in its language, its links under its prefix, and hydrates to the same words",
    async (url, locale, shop, vegetables) => {
      const page = await render(url);
      expect(page.html).toContain(`>${shop}</a>`);
      expect(page.html).toContain(vegetables);
      expect(page.html).toContain(`href="/${locale}/shop"`);
      expect(page.html).toContain(`href="/${locale}/about"`);
      expect(page.html).not.toContain('href="/shop"');
      // The switch leads to the same page in each language.
      const [path, query = ""] = url.replace(`/${locale}`, "").split("?");
      const english = `${path || "/"}${query ? `?${query}` : ""}`;
      expect(page.html).toContain(`href="${english.replace("&", "&amp;")}" hrefLang="en-IN"`);
      expect(page.textsModules.frame).toBe(`page-texts/${locale}/frame.ts`);
      // Each product by its name in the language, the English where the shop gave none.
      const apples = locale === "or" ? "କାଶ୍ମୀରୀ ସେଓ" : "कश्मीरी सेब";
      if (url.includes("shop")) {
        expect(page.html).toContain(`>${apples}</h3>`);
        expect(page.html).toContain(">Alphonso Mangoes</h3>");
        expect(page.html).not.toContain(">Kashmir Apples</h3>");
      }
      expect(Object.values(page.textsModules).join(" ")).not.toContain("/en/");

      const { mismatches, container } = await hydrate(url, page);
      expect(mismatches).toEqual([]);
      expect(container.textContent).toContain(shop);
      expect(window.location.pathname + window.location.search).toBe(url);
    },
  );

  it("carries no catalogue on a page that shows none", async () => {
    const page = await render("/about");
    expect(page.showsCatalogue).toBe(false);
    expect(page.dataScript).not.toContain("Alphonso");
    expect(page.dataScript).not.toContain("site-settings");
  });

  it("hands the store's settings to a page that uses them, which then does not ask for them", async () => {
    const page = await render("/");
    expect(page.dataScript).toContain("site-settings");
    expect(page.dataScript).toContain("751024");
    // The settings do not make a page age with the catalogue; its products do.
    expect(page.showsCatalogue).toBe(true);
    const { mismatches } = await hydrate("/", page);
    expect(mismatches).toEqual([]);
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes("/api/auth/get-session"))).toBe(true);
    expect(asked.filter((url) => url.includes("/api/site"))).toEqual([]);
  });
});

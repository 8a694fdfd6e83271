// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  type PageRoute,
  type Router,
  RouterProvider,
  useLocation,
  useNavigation,
  useParams,
  useSearchParams,
} from "./index.ts";
import { matchPath, matchRoute } from "./match.ts";

describe("matching an address", () => {
  it("reads params, ignores letter case and a trailing slash, and matches whole paths only", () => {
    expect(matchPath("/orders/:orderNumber", "/orders/FHH-1")).toEqual({ orderNumber: "FHH-1" });
    expect(matchPath("/orders/:orderNumber", "/orders/a%20b")).toEqual({ orderNumber: "a b" });
    expect(matchPath("/shop", "/SHOP/")).toEqual({});
    expect(matchPath("/", "/")).toEqual({});
    expect(matchPath("/shop", "/shop/extra")).toBeUndefined();
    expect(matchPath("/orders/:orderNumber", "/orders")).toBeUndefined();
    expect(matchPath("/", "/shop")).toBeUndefined();
    expect(matchPath("*", "/no/such/page")).toEqual({ "*": "no/such/page" });
    // A malformed escape is read as typed rather than breaking the page.
    expect(matchPath("/orders/:orderNumber", "/orders/%E0%A4")).toEqual({ orderNumber: "%E0%A4" });
  });

  it("takes the first route that matches, so the catch-all goes last", () => {
    const routes = [route("/a/:id", "A"), route("/a/2/b", "B"), route("*", "Missing")];
    expect(matchRoute(routes, "/a/2")?.route.path).toBe("/a/:id");
    expect(matchRoute(routes, "/a/2/b")?.route.path).toBe("/a/2/b");
    expect(matchRoute(routes, "/elsewhere")?.route.path).toBe("*");
  });
});

/** A page module that arrives when the test says so. */
function deferredPage(Page: ComponentType) {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const arrived = new Promise<ComponentType>((resolve, reject) => {
    arrive = () => resolve(Page);
    fail = reject;
  });
  return { load: () => arrived, arrive, fail };
}

function route(path: string, heading: string, layout?: ComponentType): PageRoute {
  const Page = () => <h1>{heading}</h1>;
  return { path, load: async () => Page, layout, handle: {} };
}

function Frame() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  return (
    <div>
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? "on" : "off")}>
          Home
        </NavLink>
        <NavLink to="/shop" className={({ isActive }) => (isActive ? "on" : "off")}>
          Shop
        </NavLink>
        <Link to="/orders/FHH-7" state={{ from: "nav" }}>
          Order 7
        </Link>
        <Link to="/slow">Slow</Link>
      </nav>
      <p>
        At {pathname}
        {search}
      </p>
      {navigation.state === "loading" && <p role="progressbar" aria-label="Loading page" />}
      <Outlet />
    </div>
  );
}

function Order() {
  const { orderNumber } = useParams<"orderNumber">();
  const { state } = useLocation();
  return (
    <h1>
      Order {orderNumber} from {(state as { from?: string } | null)?.from ?? "nowhere"}
    </h1>
  );
}

function Shop() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Shop {params.get("category") ?? "all"}</h1>
      <button type="button" onClick={() => setParams({ category: "herbs" }, { replace: true })}>
        Herbs
      </button>
    </>
  );
}

let homeRenders = 0;
function Home() {
  homeRenders++;
  return <h1>Home</h1>;
}

const ErrorPage = () => <h1>Something went wrong</h1>;

let router: Router | undefined;
let slow: ReturnType<typeof deferredPage>;

async function start(at: string, base = "") {
  window.history.replaceState(null, "", at);
  slow = deferredPage(() => <h1>Slow page</h1>);
  const routes: PageRoute[] = [
    { path: "/", load: async () => Home, layout: Frame, handle: {} },
    { path: "/shop", load: async () => Shop, layout: Frame, handle: {} },
    { path: "/orders/:orderNumber", load: async () => Order, layout: Frame, handle: {} },
    { path: "/slow", load: slow.load, layout: Frame, handle: {} },
    { path: "/redirect", load: async () => () => <Navigate to="/shop" replace />, handle: {} },
    route("*", "Not found", Frame),
  ];
  router = createBrowserRouter(routes, { base });
  render(<RouterProvider router={router} errorPage={ErrorPage} />);
  await screen.findByRole("heading", { level: 1 });
}

beforeEach(() => {
  vi.stubGlobal(
    "scrollTo",
    vi.fn((_x: number, y: number) => {
      Object.defineProperty(window, "scrollY", { value: y, configurable: true });
    }),
  );
  Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  router?.dispose();
  router = undefined;
  vi.unstubAllGlobals();
});

const popTo = async (delta: number) => {
  await act(async () => {
    window.history.go(delta);
    await new Promise((resolve) => window.addEventListener("popstate", resolve, { once: true }));
  });
};

describe("a router under a base (the language's /or)", () => {
  it("reads the address without it and writes it back into links and history", async () => {
    await start("/or/shop?category=fruits", "/or");
    expect(screen.getByRole("heading", { name: "Shop fruits" })).toBeTruthy();
    expect(screen.getByText("At /shop?category=fruits")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Order 7" }).getAttribute("href")).toBe(
      "/or/orders/FHH-7",
    );
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/or");
    expect(screen.getByRole("link", { name: "Shop" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(screen.getByRole("button", { name: "Herbs" }));
    expect(await screen.findByRole("heading", { name: "Shop herbs" })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe("/or/shop?category=herbs");

    fireEvent.click(screen.getByRole("link", { name: "Order 7" }));
    expect(await screen.findByRole("heading", { name: "Order FHH-7 from nav" })).toBeTruthy();
    expect(window.location.pathname).toBe("/or/orders/FHH-7");

    fireEvent.click(screen.getByRole("link", { name: "Home" }));
    expect(await screen.findByRole("heading", { name: "Home" })).toBeTruthy();
    expect(window.location.pathname).toBe("/or");

    await popTo(-1);
    expect(screen.getByRole("heading", { name: "Order FHH-7 from nav" })).toBeTruthy();
    expect(screen.getByText("At /orders/FHH-7")).toBeTruthy();
  });
});

describe("the browser's router", () => {
  it("follows a link without reloading, with its params and state, and goes back", async () => {
    await start("/");
    const link = screen.getByRole("link", { name: "Order 7" });
    expect(link.getAttribute("href")).toBe("/orders/FHH-7");
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    act(() => link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(await screen.findByRole("heading", { name: "Order FHH-7 from nav" })).toBeTruthy();
    expect(window.location.pathname).toBe("/orders/FHH-7");

    await popTo(-1);
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    await popTo(1);
    // The entry kept its state: a reload or Forward shows the same order, from the same place.
    expect(screen.getByRole("heading", { name: "Order FHH-7 from nav" })).toBeTruthy();
  });

  it("leaves a click with a modifier key, or another button, to the browser", async () => {
    await start("/");
    const link = screen.getByRole("link", { name: "Order 7" });
    // What the store left the browser to do, seen after the store's handler; then held back,
    // as jsdom cannot open a tab.
    const leftToBrowser: boolean[] = [];
    const hold = (event: Event) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener("click", hold);
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      act(() =>
        link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ...init })),
      );
    }
    window.removeEventListener("click", hold);
    expect(leftToBrowser).toEqual([true, true, true, true]);
    expect(window.location.pathname).toBe("/");
  });

  it("marks the current page's menu link, the home link only on the home page", async () => {
    await start("/shop/");
    expect(screen.getByRole("link", { name: "Shop" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Shop" }).className).toBe("on");
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Home" }).className).toBe("off");
  });

  it("keeps the page in view while the next one's code loads, then shows it", async () => {
    await start("/");
    const rendersBefore = homeRenders;
    fireEvent.click(screen.getByRole("link", { name: "Slow" }));
    expect(await screen.findByRole("progressbar", { name: "Loading page" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    // Untouched meanwhile: a page drawn again could act on a guard and overtake the navigation.
    expect(homeRenders).toBe(rendersBefore);
    // The address changes when the page does, as a link to another site would.
    expect(window.location.pathname).toBe("/");
    await act(async () => slow.arrive());
    expect(screen.getByRole("heading", { name: "Slow page" })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(window.location.pathname).toBe("/slow");
  });

  it("lands on the newest navigation when an older one's code arrives after it", async () => {
    await start("/");
    fireEvent.click(screen.getByRole("link", { name: "Slow" }));
    fireEvent.click(screen.getByRole("link", { name: "Shop" }));
    expect(await screen.findByRole("heading", { name: "Shop all" })).toBeTruthy();
    await act(async () => slow.arrive());
    expect(screen.getByRole("heading", { name: "Shop all" })).toBeTruthy();
    expect(window.location.pathname).toBe("/shop");
  });

  it("shows the error page when a page's code fails to load, and clears it on the next page", async () => {
    await start("/");
    fireEvent.click(screen.getByRole("link", { name: "Slow" }));
    await act(async () => slow.fail(new Error("chunk missing")));
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    await act(() => router!.navigate("/shop"));
    expect(screen.getByRole("heading", { name: "Shop all" })).toBeTruthy();
  });

  it("changes the query in place, and follows a redirect with replace", async () => {
    await start("/shop?category=fruits");
    const entries = window.history.length;
    expect(screen.getByRole("heading", { name: "Shop fruits" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Herbs" }));
    expect(await screen.findByRole("heading", { name: "Shop herbs" })).toBeTruthy();
    expect(window.location.search).toBe("?category=herbs");
    expect(window.history.length).toBe(entries);

    await act(() => router!.navigate("/redirect"));
    expect(await screen.findByRole("heading", { name: "Shop all" })).toBeTruthy();
    expect(window.location.pathname).toBe("/shop");
    expect(window.history.length).toBe(entries + 1);
  });

  it("starts a new page at the top and returns to where the shopper was on Back", async () => {
    await start("/shop");
    act(() => window.scrollTo(0, 640));
    await act(() => router!.navigate("/orders/FHH-7"));
    expect(window.scrollY).toBe(0);
    act(() => window.scrollTo(0, 90));
    await act(() => router!.navigate("/orders/FHH-7?tab=items", { preventScrollReset: true }));
    expect(window.scrollY).toBe(90);
    await popTo(-2);
    expect(screen.getByRole("heading", { name: "Shop all" })).toBeTruthy();
    expect(window.scrollY).toBe(640);
  });
});

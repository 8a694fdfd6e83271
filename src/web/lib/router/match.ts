import type { ComponentType } from "react";

export type Params = Readonly<Record<string, string>>;

/**
 * One page of the app: the address it answers, the code that draws it (loaded on first visit),
 * the frame around it, and what the server needs to know about it.
 */
export type PageRoute<Handle = unknown> = {
  /** "/", "/shop", "/orders/:orderNumber", or "*" for every address no other route takes. */
  path: string;
  load: () => Promise<ComponentType>;
  /** Drawn around the page, which it places with `<Outlet />`. */
  layout?: ComponentType;
  handle: Handle;
};

export type RouteMatch<Handle = unknown> = { route: PageRoute<Handle>; params: Params };

const segments = (path: string) => path.split("/").filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The params `pattern` reads from `pathname`, or undefined when it does not match. As browsers
 * and links spell addresses loosely, letter case and a trailing slash do not matter.
 */
export function matchPath(pattern: string, pathname: string): Params | undefined {
  const wanted = segments(pattern);
  const given = segments(pathname);
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    if (part === "*") {
      params["*"] = given.slice(index).map(decode).join("/");
      return params;
    }
    const segment = given[index];
    if (segment === undefined) return undefined;
    if (part.startsWith(":")) params[part.slice(1)] = decode(segment);
    else if (decode(segment).toLowerCase() !== part.toLowerCase()) return undefined;
  }
  return given.length === wanted.length ? params : undefined;
}

/** The route that draws `pathname`: routes are tried in order, so "*" goes last. */
export function matchRoute<Handle>(
  routes: readonly PageRoute<Handle>[],
  pathname: string,
): RouteMatch<Handle> | undefined {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

const loaded = new WeakMap<PageRoute, ComponentType>();
const loading = new WeakMap<PageRoute, Promise<ComponentType>>();

/** The route's page, once its code has loaded. */
export const loadedPage = (route: PageRoute): ComponentType | undefined => loaded.get(route);

/** Loads the route's page once; a load that failed is tried again next time. */
export function loadPage(route: PageRoute): Promise<ComponentType> {
  const known = loaded.get(route);
  if (known) return Promise.resolve(known);
  let pending = loading.get(route);
  if (!pending) {
    pending = route.load().then(
      (page) => {
        loaded.set(route, page);
        loading.delete(route);
        return page;
      },
      (error: unknown) => {
        loading.delete(route);
        throw error;
      },
    );
    loading.set(route, pending);
  }
  return pending;
}

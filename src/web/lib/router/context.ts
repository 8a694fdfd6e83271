import { createContext, type ReactNode } from "react";
import type { Navigate } from "./browser-router.ts";
import type { Location } from "./location.ts";
import type { RouteMatch } from "./match.ts";

// Three contexts, so a page's code starting to load re-renders only the progress bar: a page
// that re-rendered then could act on a guard (a signed-out account page going to the login)
// and overtake the navigation under way.
export const NavigateContext = createContext<Navigate | null>(null);
/** Where the app is: changes when a navigation lands. */
export const LocationContext = createContext<{
  location: Location;
  match: RouteMatch | undefined;
} | null>(null);
/** What every link's address starts with (the router's base). */
export const BaseContext = createContext("");
/** Whether the next page's code is loading. */
export const LoadingContext = createContext(false);
/** The page, for its frame's `<Outlet />`. */
export const OutletContext = createContext<ReactNode>(null);
/** Why the page could not be drawn, for the error page. */
export const RouteErrorContext = createContext<unknown>(undefined);

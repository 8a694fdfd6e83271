import { use, useMemo } from "react";
import type { Navigate } from "./browser-router.ts";
import {
  LoadingContext,
  LocationContext,
  NavigateContext,
  OutletContext,
  RouteErrorContext,
} from "./context.ts";
import type { Location, NavigateOptions } from "./location.ts";

function inside<T>(value: T | null): T {
  if (value === null) throw new Error("The router's hooks are used inside its provider");
  return value;
}

export const useLocation = (): Location => inside(use(LocationContext)).location;

export const useNavigate = (): Navigate => inside(use(NavigateContext));

export const useParams = <T extends string = string>(): Partial<Record<T, string>> =>
  (inside(use(LocationContext)).match?.params ?? {}) as Partial<Record<T, string>>;

/** "loading" while the next page's code is on its way. */
export const useNavigation = (): { state: "idle" | "loading" } => ({
  state: use(LoadingContext) ? "loading" : "idle",
});

export const useRouteError = (): unknown => use(RouteErrorContext);

export const Outlet = () => use(OutletContext);

type SearchInit = string | URLSearchParams | Record<string, string>;

/** The address's query, and a way to replace it (the path stays). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit, options?: NavigateOptions) => Promise<void>,
] {
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: SearchInit, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    return navigate(`${pathname}${query ? `?${query}` : ""}`, options);
  };
  return [params, set];
}

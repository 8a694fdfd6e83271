// The store's router: pages by address, each page's code loaded on first visit, the history and
// scroll kept as browsers do. React Router's data router did this in 33 KB of the first load's
// 110 KB budget; the store uses a small part of it (decision 37).
export { createBrowserRouter, type Router } from "./browser-router.ts";
export {
  Outlet,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from "./hooks.ts";
export { Link, type LinkProps, Navigate, NavLink } from "./links.tsx";
export { locationFrom, withBase, withoutBase } from "./location.ts";
export { loadPage, matchRoute, type PageRoute } from "./match.ts";
export { RouterProvider, StaticRouterProvider, staticRouterState } from "./router-provider.tsx";

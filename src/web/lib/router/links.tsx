import { type ComponentProps, type MouseEvent, use, useEffect } from "react";
import { BaseContext } from "./context.ts";
import { useLocation, useNavigate } from "./hooks.ts";
import { type NavigateOptions, withBase } from "./location.ts";

export type LinkProps = Omit<ComponentProps<"a">, "href"> & { to: string } & NavigateOptions;

/** A click the browser should handle itself: a new tab or window, a download, another frame. */
const leavesToBrowser = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== "_self") ||
  event.currentTarget.hasAttribute("download");

/** A link inside the store: a real link (it opens in a new tab, and works before hydration). */
export function Link({ to, replace, state, preventScrollReset, onClick, ...props }: LinkProps) {
  const navigate = useNavigate();
  const base = use(BaseContext);
  return (
    <a
      {...props}
      href={withBase(base, to)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leavesToBrowser(event, props.target)) return;
        event.preventDefault();
        void navigate(to, { replace, state, preventScrollReset });
      }}
    />
  );
}

type NavLinkProps = Omit<LinkProps, "className"> & {
  /** Active only on this very address, not on the addresses below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link in a menu: marked as the current page while the shopper is on it. */
export function NavLink({ to, end, className, ...props }: NavLinkProps) {
  const path = useLocation()
    .pathname.toLowerCase()
    .replace(/(.)\/+$/, "$1");
  const target = to.toLowerCase();
  const isActive =
    path === target || (!end && path.startsWith(target) && path[target.length] === "/");
  return (
    <Link
      {...props}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}

/** Goes to `to` as soon as it is drawn in the browser (a page the shopper may not see). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state object alone is no new destination.
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace]);
  return null;
}

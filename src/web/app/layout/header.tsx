import { Menu, ShoppingCart, X } from "lucide-react";
import { useEffect, useState } from "react";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { AccountArea } from "../../features/account/components/account-area.tsx";
import { useCart } from "../../features/cart/cart-context.tsx";
import { cn } from "../../lib/cn.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { Link, NavLink, useLocation } from "../../lib/router/index.ts";
import { LanguageMenu, LanguageSwitch } from "./language-switch.tsx";
import { NAV_LINKS } from "./nav-links.ts";

const SCROLL_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}

function CartLink() {
  const { itemCount } = useCart();
  const { i18n } = useLingui();
  return (
    <Link
      to="/cart"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-700 hover:bg-brand-50 hover:text-brand-700"
      aria-label={i18n._("Cart, {count, plural, one {# item} other {# items}}", {
        count: itemCount,
      })}
    >
      <ShoppingCart aria-hidden="true" className="h-5 w-5" />
      {itemCount > 0 && (
        <span
          data-testid="cart-count"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-saffron-500 px-1 text-xs font-bold text-ink-900"
        >
          {itemCount > 99 ? "99+" : itemCount}
        </span>
      )}
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold transition-colors",
    isActive ? "bg-brand-100 text-brand-800" : "text-ink-700 hover:text-brand-700",
  );

function NavList({ className }: { className: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={className}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === "/"} className={navClass}>
            {i18n._(link.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const { i18n } = useLingui();

  // The mobile menu closes whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header
      data-testid="site-header"
      data-scrolled={scrolled}
      className={cn(
        "sticky top-0 z-50 border-b backdrop-blur transition-[background-color,box-shadow] duration-300",
        scrolled
          ? "border-brand-100 bg-cream-50/95 shadow-md"
          : "border-transparent bg-cream-50/70",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label={i18n._("Main")} className="hidden lg:block">
          <NavList className="flex items-center gap-1" />
        </nav>
        <div className="flex items-center gap-2">
          <LanguageMenu className="hidden sm:block" />
          <CartLink />
          <div className="hidden items-center gap-2 sm:flex">
            <AccountArea />
          </div>
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-700 hover:bg-brand-50 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? i18n._("Close menu") : i18n._("Open menu")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label={i18n._("Mobile")}
          className="border-t border-brand-100 bg-cream-50 px-4 pb-4 lg:hidden"
        >
          <NavList className="flex flex-col gap-1 pt-2" />
          <div className="mt-3 flex items-center gap-2 sm:hidden">
            <AccountArea stacked />
          </div>
          <LanguageSwitch className="mt-3 flex sm:hidden" />
        </nav>
      )}
    </header>
  );
}

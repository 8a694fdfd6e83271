import { Mail, MapPin, Phone } from "lucide-react";
import { CATEGORY_IDS, CATEGORY_NAMES } from "../../../shared/catalogue.ts";
import { STORE, STORE_ADDRESS } from "../../../shared/store-info.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { Link } from "../../lib/router/index.ts";
import { LanguageSwitch } from "./language-switch.tsx";
import { NAV_LINKS } from "./nav-links.ts";
import { SHELL_TEXTS } from "./shell-texts.ts";

const linkClass = "text-brand-100 hover:text-white hover:underline";

export function Footer() {
  const { i18n } = useLingui();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <BrandLogo tone="light" />
          <p className="mt-4 text-sm leading-relaxed">
            {i18n._(
              "Fresh, organic produce from the farms around Bhubaneswar, at your door in {promise}.",
              { promise: i18n._(STORE.deliveryPromise) },
            )}
          </p>
          <LanguageSwitch className="mt-5 flex" tone="light" />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="mb-4 font-bold text-white">
            {i18n._("Quick Links")}
          </h2>
          <ul className="space-y-2 text-sm">
            {NAV_LINKS.filter((link) => link.to !== "/admin").map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {i18n._(link.label)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/bulk-order-request" className={linkClass}>
                {i18n._("Bulk Orders")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="mb-4 font-bold text-white">
            {i18n._(SHELL_TEXTS.categories)}
          </h2>
          <ul className="space-y-2 text-sm">
            {CATEGORY_IDS.map((id) => (
              <li key={id}>
                <Link to={`/shop?category=${id}`} className={linkClass}>
                  {i18n._(CATEGORY_NAMES[id])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-4 font-bold text-white">{i18n._("Contact Us")}</h2>
          <address className="space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> {STORE_ADDRESS}
            </p>
            <p className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={STORE.phoneHref} className={linkClass}>
                {STORE.phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={`mailto:${STORE.supportEmail}`} className={linkClass}>
                {STORE.supportEmail}
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm sm:flex-row sm:px-6">
          <p>
            {i18n._("© {year} {store}. All rights reserved.", {
              year: new Date().getFullYear(),
              store: STORE.name,
            })}
          </p>
          <ul className="flex gap-5">
            <li>
              <Link to="/privacy" className={linkClass}>
                {i18n._("Privacy Policy")}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                {i18n._("Terms of Service")}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

import { MailCheck } from "lucide-react";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { Link, useLocation } from "../../../lib/router/index.ts";
import { useCustomer } from "../api/session.ts";

/** Reminds a signed-in customer whose email is not verified yet, on every page but the code page. */
export function UnverifiedBanner() {
  const { i18n } = useLingui();
  const { data: customer } = useCustomer();
  const { pathname } = useLocation();
  if (!customer || customer.emailVerified || pathname === "/otp-verification") return null;
  return (
    <section
      aria-label={i18n._("Email verification")}
      className="border-t border-brand-100 bg-cream-200 shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm text-ink-700 sm:px-6">
        <MailCheck aria-hidden="true" className="h-4 w-4 text-brand-700" />
        <span>
          {i18n._("Please verify your email address: we sent a 6-digit code to {email}.", {
            email: customer.email,
          })}
        </span>
        <Link
          to="/otp-verification"
          state={{ email: customer.email }}
          className="font-semibold text-brand-700 underline"
        >
          {i18n._("Enter the code")}
        </Link>
      </div>
    </section>
  );
}

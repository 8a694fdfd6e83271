import type { ReactNode } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { Link, Navigate } from "../../../lib/router/index.ts";
import { type Customer, useCustomer } from "../api/session.ts";

/** The frame of the sign-in pages: a card on the page's background, with its heading. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
        <h1 className="font-display text-3xl font-bold text-ink-900">{title}</h1>
        <p className="mt-2 text-ink-500">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

function CheckingSession() {
  const { i18n } = useLingui();
  return (
    <div className="flex justify-center py-24">
      <Spinner label={i18n._("Checking your session")} />
    </div>
  );
}

/** Signed-in customers have no business on the sign-in and sign-up pages: home they go. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  const { data: customer, isPending } = useCustomer();
  if (isPending) return <CheckingSession />;
  if (customer) return <Navigate to="/" replace />;
  return children;
}

/** Pages about a customer's own account: visitors are sent to log in. */
export function CustomersOnly({ children }: { children: (customer: Customer) => ReactNode }) {
  const { data: customer, isPending } = useCustomer();
  if (isPending) return <CheckingSession />;
  if (!customer) return <Navigate to="/login" replace />;
  return children(customer);
}

export function BackToLogin() {
  const { i18n } = useLingui();
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="font-semibold text-brand-700 hover:underline">
        {i18n._("Back to Login")}
      </Link>
    </p>
  );
}

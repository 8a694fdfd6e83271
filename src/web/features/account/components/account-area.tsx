import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { initialsOf } from "../../../../shared/rules/initials.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { Link, useNavigate } from "../../../lib/router/index.ts";
import { type Customer, useCustomer, useLogOut } from "../api/session.ts";

/**
 * Login and Sign up for visitors; the customer's initials and Logout once signed in. In the
 * header's row both sets share one grid cell, the one not shown kept invisible and inert, so the
 * cell is always as wide as the wider: the session arriving after the page is drawn moves nothing.
 */
export function AccountArea({ stacked = false }: { stacked?: boolean }) {
  const { data: customer } = useCustomer();
  if (stacked) return customer ? <SignedIn customer={customer} stacked /> : <SignedOut stacked />;
  return (
    <div className="grid items-center justify-items-end">
      <Layer shown={!customer}>
        <SignedOut />
      </Layer>
      <Layer shown={Boolean(customer)}>
        <SignedIn customer={customer ?? PLACEHOLDER} />
      </Layer>
    </div>
  );
}

/** Holds the signed-in set's place before anyone is known: only its size is ever used. */
const PLACEHOLDER: Customer = { id: "", name: "", email: "", emailVerified: true };

function Layer({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <div
      className={cn("col-start-1 row-start-1 flex items-center gap-2", !shown && "invisible")}
      inert={!shown}
    >
      {children}
    </div>
  );
}

function SignedOut({ stacked = false }: { stacked?: boolean }) {
  const { i18n } = useLingui();
  const wide = stacked ? "flex-1" : undefined;
  return (
    <>
      <Link
        to="/login"
        className={buttonClass({ variant: stacked ? "outline" : "ghost", size: "sm" }, wide)}
      >
        {i18n._("Login")}
      </Link>
      <Link to="/signup" className={buttonClass({ size: "sm" }, wide)}>
        {i18n._("Sign up")}
      </Link>
    </>
  );
}

function SignedIn({ customer, stacked = false }: { customer: Customer; stacked?: boolean }) {
  const logOut = useLogOut();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const wide = stacked ? "flex-1" : undefined;
  const placeholder = customer === PLACEHOLDER;

  const onLogOut = async () => {
    try {
      await logOut.mutateAsync(undefined);
      toast.success(i18n._("Logged out successfully"));
      navigate("/");
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Link
        to="/my-orders"
        className={buttonClass(
          { variant: stacked ? "outline" : "ghost", size: "sm" },
          // Beside the full navigation there is room for it only on wide screens; the initials
          // lead to the account page, which links to it, everywhere.
          stacked ? wide : "whitespace-nowrap max-xl:hidden",
        )}
      >
        {i18n._("My orders")}
      </Link>
      <Link
        to="/account"
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white hover:bg-brand-800"
        aria-label={i18n._("My account (signed in as {name})", { name: customer.name })}
        title={customer.email}
        data-testid={placeholder ? undefined : "customer-avatar"}
      >
        {initialsOf(customer.name)}
      </Link>
      <Button
        variant={stacked ? "outline" : "ghost"}
        size="sm"
        className={wide}
        onClick={onLogOut}
        disabled={logOut.isPending}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        {logOut.isPending ? i18n._("Logging out...") : i18n._("Logout")}
      </Button>
    </>
  );
}

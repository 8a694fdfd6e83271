import { LogOut } from "lucide-react";
import { initialsOf } from "../../../../shared/rules/account-forms.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { Link, useNavigate } from "../../../lib/router/index.ts";
import { useCustomer, useLogOut } from "../api/session.ts";

/** Login and Sign up for visitors; the customer's initials and Logout once signed in. */
export function AccountArea({ stacked = false }: { stacked?: boolean }) {
  const { data: customer } = useCustomer();
  const logOut = useLogOut();
  const navigate = useNavigate();
  const wide = stacked ? "flex-1" : undefined;

  if (!customer) {
    return (
      <>
        <Link
          to="/login"
          className={buttonClass({ variant: stacked ? "outline" : "ghost", size: "sm" }, wide)}
        >
          Login
        </Link>
        <Link to="/signup" className={buttonClass({ size: "sm" }, wide)}>
          Sign up
        </Link>
      </>
    );
  }

  const onLogOut = async () => {
    try {
      await logOut.mutateAsync(undefined);
      toast.success("Logged out successfully");
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
        My orders
      </Link>
      <Link
        to="/account"
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white hover:bg-brand-800"
        aria-label={`My account (signed in as ${customer.name})`}
        title={customer.email}
        data-testid="customer-avatar"
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
        {logOut.isPending ? "Logging out..." : "Logout"}
      </Button>
    </>
  );
}

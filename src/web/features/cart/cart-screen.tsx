import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/spinner.tsx";
import { cn } from "../../lib/cn.ts";

/**
 * The cart and checkout pages fill the first screen whatever they show (the loading frame, an
 * empty cart, the cart itself), so the footer never moves into view as one replaces another.
 */
export function CartScreen({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("min-h-[calc(100svh-4rem)]", className)}>{children}</div>;
}

/** What the server draws for the cart and checkout: only the browser knows the cart. */
export function CartLoading({ label }: { label: string }) {
  return (
    <CartScreen className="flex items-center justify-center">
      <Spinner label={label} />
    </CartScreen>
  );
}

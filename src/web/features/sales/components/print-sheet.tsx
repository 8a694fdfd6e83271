import { ArrowLeft, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { SALES_DASHBOARD_PATH } from "../paths.ts";
import { SALES_TEXT } from "../texts.ts";

/**
 * For the staff frame around a printable page: on paper, the frame's header and the dashboard's
 * title go, and the sheet fills the page without the screen's cream and padding.
 */
export const PRINT_WITHOUT_STAFF_CHROME = [
  "print:bg-white",
  "print:[&_[data-testid=staff-header]]:hidden",
  "print:[&_#staff-main>div>div:first-child]:hidden",
  "print:[&_#staff-main>div]:max-w-none",
  "print:[&_#staff-main>div]:p-0",
  "print:[&>div]:min-h-0",
  "print:[&>div]:bg-white",
].join(" ");

/** A printable sheet: Back and Print above it on screen, only the sheet itself on paper. */
export function PrintSheet({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <ButtonLink to={SALES_DASHBOARD_PATH} variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {SALES_TEXT.print.back}
        </ButtonLink>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" /> {SALES_TEXT.print.print}
        </Button>
      </div>
      <article className="rounded-2xl bg-white p-5 text-ink-900 shadow-card sm:p-8 print:rounded-none print:p-0 print:shadow-none">
        {children}
      </article>
    </div>
  );
}

/** An empty box to tick by hand on the printed sheet; its column's heading says what for. */
export function TickBox() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-5 w-5 rounded border-2 border-ink-500 align-middle"
    />
  );
}

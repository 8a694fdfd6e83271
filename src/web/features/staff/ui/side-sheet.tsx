import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";
import { returnFocus } from "../../../lib/return-focus.ts";

/**
 * A record's detail in a panel from the right (the whole screen on a phone), over a dashboard:
 * focus stays inside and returns to the button that opened it; Escape and the close button
 * dismiss it. Opened from a button, not a Radix trigger, so the opener is remembered here.
 */
export function SideSheet({
  open,
  title,
  description,
  closeLabel,
  onClose,
  testId,
  bodyRef,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  closeLabel: string;
  onClose(): void;
  testId?: string;
  /** The scrolling body, for a sheet that moves the focus to its top between steps. */
  bodyRef?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement as HTMLElement | null;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[60] bg-ink-900/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          data-testid={testId}
          onCloseAutoFocus={(event) => returnFocus(event, opener.current)}
          className="fixed inset-0 z-[70] flex flex-col bg-cream-50 shadow-card sm:left-auto sm:w-full sm:max-w-xl sm:rounded-l-3xl"
        >
          <div className="flex items-start justify-between gap-4 border-b border-cream-200 px-5 py-4 sm:px-6">
            <div className="min-w-0">
              <RadixDialog.Title className="font-display text-2xl font-bold text-ink-900">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-500">
                {description}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="rounded-full p-2 text-ink-500 hover:bg-brand-50 hover:text-brand-700"
              aria-label={closeLabel}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div
            ref={bodyRef}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a long record with nothing to press must still scroll by keyboard (axe's scrollable-region-focusable)
            tabIndex={0}
            className="flex-1 overflow-y-auto px-5 py-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600/40 sm:px-6"
          >
            {children}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

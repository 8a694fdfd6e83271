import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { UPI_APP_LABELS, UPI_APPS } from "../../../../shared/contracts/bulk-orders.ts";
import { cn } from "../../../lib/cn.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import type { UpiApp } from "../advance-values.ts";

/**
 * Google Pay, PhonePe and Other UPI as tabs over one panel, which says where the payment is
 * approved. Arrow keys, Home and End move between the tabs.
 */
export function UpiAppTabs({
  app,
  onApp,
  children,
}: {
  app: UpiApp;
  onApp(app: UpiApp): void;
  children: ReactNode;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = UPI_APPS.indexOf(app);
    const last = UPI_APPS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % UPI_APPS.length
        : event.key === "ArrowLeft"
          ? (index + last) % UPI_APPS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onApp(UPI_APPS[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={i18n._("UPI app")}
        className="grid grid-cols-3 gap-1 rounded-full bg-cream-200 p-1"
      >
        {UPI_APPS.map((option, index) => {
          const selected = option === app;
          return (
            <button
              key={option}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-${option}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onApp(option)}
              onKeyDown={onKeyDown}
              className={cn(
                "rounded-full px-2 py-2 text-xs font-semibold transition-colors sm:text-sm",
                selected
                  ? "bg-white text-brand-800 shadow-sm"
                  : "text-ink-700 hover:text-brand-700",
              )}
            >
              {i18n._(UPI_APP_LABELS[option])}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${app}`} className="mt-4">
        {children}
      </div>
    </div>
  );
}

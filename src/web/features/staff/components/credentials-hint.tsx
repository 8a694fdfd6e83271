import * as Popover from "@radix-ui/react-popover";
import { Info, X } from "lucide-react";
import { useSiteSettings } from "../../site/api/site-settings.ts";
import type { StaffHint } from "../api/staff-session.ts";

/**
 * The spec's hint listing the staff credentials, only where the store is a demo: the server sends
 * them in `/api/site` in demo mode and never otherwise, so a real shop shows nothing here.
 * Each entry can fill the form, so a visitor trying the store need not copy anything.
 */
export function CredentialsHint({ onUse }: { onUse: (hint: StaffHint) => void }) {
  const { data: site } = useSiteSettings();
  const hints = site?.staffHint;
  if (!hints?.length) return null;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Info aria-hidden="true" className="h-4 w-4" />
          Demo credentials
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={12}
          aria-label="Demo staff credentials"
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-2xl border border-brand-100 bg-white p-4 shadow-xl"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="text-sm font-bold text-ink-900">Demo staff credentials</p>
            <Popover.Close
              aria-label="Close"
              className="-m-1 rounded-full p-1 text-ink-500 hover:bg-cream-100 hover:text-ink-900"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Popover.Close>
          </div>
          <p className="mt-1 text-xs text-ink-500">
            This store is a demo: each account opens its own dashboard.
          </p>
          <ul className="mt-3 space-y-2" data-testid="staff-hint-list">
            {hints.map((hint) => (
              <li
                key={hint.username}
                className="flex items-center justify-between gap-3 rounded-xl bg-cream-100 px-3 py-2"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-ink-900">{hint.title}</p>
                  <p className="font-mono text-xs text-ink-700">
                    <span className="sr-only">Username </span>
                    {hint.username}
                    <span aria-hidden="true"> / </span>
                    <span className="sr-only">, password </span>
                    {hint.password}
                  </p>
                </div>
                <Popover.Close asChild>
                  <button
                    type="button"
                    onClick={() => onUse(hint)}
                    aria-label={`Use ${hint.title}`}
                    className="shrink-0 rounded-full border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                  >
                    Use
                  </button>
                </Popover.Close>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

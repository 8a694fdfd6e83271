import { Keyboard } from "lucide-react";
import { Fragment, useState } from "react";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { Button } from "../../../components/ui/button.tsx";
import { SHORTCUT_TEXT } from "./shortcut-texts.ts";
import { shortcutsOf } from "./shortcuts.ts";
import { SideSheet } from "./side-sheet.tsx";
import { useShortcuts } from "./use-shortcuts.ts";

const keyLabel = (key: string) => (key === "Escape" ? "Esc" : key);
const keyName = (key: string) => (SHORTCUT_TEXT.keyNames as Record<string, string>)[key] ?? key;

/** A letter's capital works too, but the help names the letter once. */
const shownKeys = (keys: readonly string[]) =>
  keys.filter((key) => key === key.toLowerCase() || !keys.includes(key.toLowerCase()));

/** The list `?` opens: each key of this dashboard and what it does. */
export function ShortcutsHelp({
  dashboard,
  open,
  onClose,
}: {
  dashboard: StaffRole;
  open: boolean;
  onClose(): void;
}) {
  return (
    <SideSheet
      open={open}
      title={SHORTCUT_TEXT.title}
      description={SHORTCUT_TEXT.description}
      closeLabel={SHORTCUT_TEXT.close}
      onClose={onClose}
      testId="shortcuts-help"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{SHORTCUT_TEXT.title}</caption>
        <thead className="text-xs uppercase tracking-wide text-ink-500">
          <tr>
            <th scope="col" className="pb-2 pr-4 font-semibold">
              {SHORTCUT_TEXT.keyHeading}
            </th>
            <th scope="col" className="pb-2 font-semibold">
              {SHORTCUT_TEXT.actionHeading}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-cream-200">
          {shortcutsOf(dashboard).map(({ keys, action }) => (
            <tr key={action}>
              <th scope="row" className="whitespace-nowrap py-2.5 pr-4 font-normal">
                {shownKeys(keys).map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && <span className="px-1 text-ink-500">{SHORTCUT_TEXT.or}</span>}
                    <kbd
                      aria-label={keyName(key)}
                      className="inline-flex min-w-8 justify-center rounded-md border border-ink-500/30 bg-white px-2 py-0.5 font-mono text-sm font-semibold text-ink-900 shadow-sm"
                    >
                      {keyLabel(key)}
                    </kbd>
                  </Fragment>
                ))}
              </th>
              <td className="py-2.5 text-ink-700">{SHORTCUT_TEXT.actions[action]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SideSheet>
  );
}

/**
 * A dashboard's keyboard: the keys themselves, and a button that lists them so they can be found.
 * Render once per dashboard.
 */
export function KeyboardShortcuts({ dashboard }: { dashboard: StaffRole }) {
  const [open, setOpen] = useState(false);
  useShortcuts(dashboard, () => setOpen(true));
  return (
    <>
      {/* A phone has no keyboard to use them with: the button would only take its room. */}
      <Button
        variant="ghost"
        size="sm"
        className="hidden md:inline-flex"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="?"
      >
        <Keyboard aria-hidden="true" className="h-4 w-4" /> {SHORTCUT_TEXT.button}
      </Button>
      <ShortcutsHelp dashboard={dashboard} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

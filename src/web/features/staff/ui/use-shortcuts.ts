import { useEffect, useRef } from "react";
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import { SEARCH_MARK, type ShortcutAction, shortcutFor } from "./shortcuts.ts";

/**
 * The markers a dashboard puts on its page for the keyboard: its search box, each row (valued
 * with the row's own key: an order number, a product id, a ticket reference), the control inside
 * a row that opens it, and the Sales board's next-move button. The hook finds them on the page,
 * so the dashboards' components keep their own state and know nothing of the keys.
 */
export const SHORTCUT_MARKS = {
  search: SEARCH_MARK,
  row: "data-shortcut-row",
  open: "data-shortcut-open",
  move: "data-shortcut-move",
} as const;

/** A Radix dialog, sheet or popover is open over the dashboard. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** The rows shown now: the board draws a table on wide screens and cards on a phone. */
const visibleRows = () =>
  [...document.querySelectorAll<HTMLElement>(`[${SHORTCUT_MARKS.row}]`)].filter(
    (row) => row.getClientRects().length > 0,
  );

const pressIn = (row: HTMLElement | undefined, mark: string) => {
  const control = row?.querySelector<HTMLElement>(`[${mark}]`);
  // A marker on a wrapper (the next-move button draws its own button) stands for its button.
  const target = control?.matches("button, a") ? control : control?.querySelector("button, a");
  (target as HTMLElement | null | undefined)?.click();
};

/**
 * The keyboard of one dashboard: `j`/`k` select rows (outlined and announced with aria-current),
 * Enter opens the selected one, `/` goes to the search box, Esc clears the selection, `?` calls
 * `onHelp`. The selection follows a row's key, not its place, so it survives a live refetch.
 */
export function useShortcuts(dashboard: StaffRole, onHelp: () => void) {
  const selected = useRef<string | undefined>(undefined);
  const help = useRef(onHelp);
  help.current = onHelp;

  useEffect(() => {
    /** Marks the selected row, and only it; rows redrawn by React lose the mark, so it is put back. */
    const mark = () => {
      const shown = new Set(visibleRows());
      for (const row of document.querySelectorAll<HTMLElement>(`[${SHORTCUT_MARKS.row}]`)) {
        const chosen =
          selected.current !== undefined &&
          shown.has(row) &&
          row.getAttribute(SHORTCUT_MARKS.row) === selected.current;
        if (chosen && row.getAttribute("aria-current") !== "true") {
          row.setAttribute("aria-current", "true");
        } else if (!chosen && row.hasAttribute("aria-current")) {
          row.removeAttribute("aria-current");
        }
      }
    };
    const rowOf = (key: string | undefined) =>
      visibleRows().find((row) => row.getAttribute(SHORTCUT_MARKS.row) === key);

    const select = (step: 1 | -1) => {
      const rows = visibleRows();
      if (rows.length === 0) return;
      const at = rows.findIndex((row) => row.getAttribute(SHORTCUT_MARKS.row) === selected.current);
      const next =
        at === -1
          ? step === 1
            ? 0
            : rows.length - 1
          : Math.min(rows.length - 1, Math.max(0, at + step));
      const row = rows[next]!;
      selected.current = row.getAttribute(SHORTCUT_MARKS.row) ?? undefined;
      mark();
      // Focus follows the selection, so a screen reader reads the row's own control and Tab
      // goes on from there; the row itself is brought into view.
      row.querySelector<HTMLElement>(`[${SHORTCUT_MARKS.open}]`)?.focus({ preventScroll: true });
      row.scrollIntoView({ block: "nearest" });
    };

    const actions: Record<ShortcutAction, () => void> = {
      search: () => {
        const search = document.querySelector<HTMLInputElement>(`[${SHORTCUT_MARKS.search}]`);
        search?.focus();
        search?.select();
      },
      next: () => select(1),
      previous: () => select(-1),
      open: () => pressIn(rowOf(selected.current), SHORTCUT_MARKS.open),
      move: () => pressIn(rowOf(selected.current), SHORTCUT_MARKS.move),
      close: () => {
        selected.current = undefined;
        mark();
      },
      help: () => help.current(),
      leaveSearch: () => (document.activeElement as HTMLElement | null)?.blur(),
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event, dashboard, { dialogOpen: dialogOpen() });
      if (!action) return;
      // Enter and Esc with nothing selected stay the page's own; a dialog's Esc is the dialog's.
      if ((action === "open" || action === "close") && !rowOf(selected.current)) return;
      // `/` would otherwise be typed into the box it focuses, `?` and the letters scroll nothing.
      event.preventDefault();
      actions[action]();
    };

    const observer = new MutationObserver(() => {
      if (selected.current !== undefined) mark();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      observer.disconnect();
      selected.current = undefined;
      mark();
    };
  }, [dashboard]);
}

// The dashboards' keyboard map, as Linear and Gmail have it: the keys, what each does, and the
// words of the help dialog. Pure, so that what fires when is tested without a browser; the hook
// (use-shortcuts.ts) does the work on the page.
import type { StaffRole } from "../../../../shared/rules/staff.ts";
import type { SHORTCUT_TEXT } from "./shortcut-texts.ts";

export type ShortcutAction = keyof typeof SHORTCUT_TEXT.actions;

export type Shortcut = {
  /** `KeyboardEvent.key` values that trigger it; the first is the one the help shows. */
  keys: readonly string[];
  action: ShortcutAction;
  /** Only on these dashboards (the Sales board's next move); every dashboard when absent. */
  only?: readonly StaffRole[];
  /** A key of the search box itself, pressed while typing there; the page's keys otherwise. */
  inSearch?: true;
};

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ["/"], action: "search" },
  { keys: ["j", "J"], action: "next" },
  { keys: ["k", "K"], action: "previous" },
  { keys: ["Enter"], action: "open" },
  { keys: ["Escape"], action: "close" },
  { keys: ["?"], action: "help" },
  { keys: ["m", "M"], action: "move", only: ["sales"] },
  { keys: ["Enter", "Escape"], action: "leaveSearch", inSearch: true },
];

/** The shortcuts of one dashboard, in the help dialog's order. */
export const shortcutsOf = (dashboard: StaffRole) =>
  SHORTCUTS.filter((shortcut) => !shortcut.only || shortcut.only.includes(dashboard));

/** What a key press carries that decides whether it is a shortcut: a KeyboardEvent fits. */
export type KeyPress = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** An IME composing a character. */
  isComposing?: boolean;
  target?:
    | { tagName?: string; isContentEditable?: boolean; hasAttribute?(name: string): boolean }
    | EventTarget
    | null;
};

/** The mark on a dashboard's search box (use-shortcuts.ts). */
export const SEARCH_MARK = "data-shortcut-search";

const isSearchBox = (target: KeyPress["target"]) =>
  Boolean(
    target &&
      "hasAttribute" in target &&
      typeof target.hasAttribute === "function" &&
      target.hasAttribute(SEARCH_MARK),
  );

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
/** Elements whose own Enter the browser already acts on. */
const PRESSABLE = new Set(["BUTTON", "A", "SUMMARY"]);

const tagOf = (target: KeyPress["target"]) =>
  target && "tagName" in target && typeof target.tagName === "string"
    ? target.tagName.toUpperCase()
    : undefined;

/** Whether keys pressed in `target` are someone typing: a field or editable text. */
export function isTyping(target: KeyPress["target"]): boolean {
  if (!target) return false;
  if ("isContentEditable" in target && target.isContentEditable) return true;
  const tag = tagOf(target);
  return tag !== undefined && TYPING.has(tag);
}

/**
 * The action a key press asks for on `dashboard`, or nothing. Nothing fires while the person
 * types in a field (save Enter or Esc in the search box, which leave it for the rows, as in
 * Gmail), with Ctrl, Meta or Alt held (the browser's and the system's own keys), or while a
 * dialog is open, except Esc, which the dialog answers itself. Enter on a button or link is the
 * browser's: it presses that control.
 */
export function shortcutFor(
  press: KeyPress,
  dashboard: StaffRole,
  { dialogOpen = false }: { dialogOpen?: boolean } = {},
): ShortcutAction | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return undefined;
  const inSearch = isSearchBox(press.target);
  if (!inSearch && isTyping(press.target)) return undefined;
  const shortcut = shortcutsOf(dashboard).find(
    (candidate) => Boolean(candidate.inSearch) === inSearch && candidate.keys.includes(press.key),
  );
  if (!shortcut) return undefined;
  if (dialogOpen) return undefined;
  if (shortcut.action === "open") {
    const tag = tagOf(press.target);
    if (tag && PRESSABLE.has(tag)) return undefined;
  }
  return shortcut.action;
}

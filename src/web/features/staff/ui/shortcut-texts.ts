/** What the dashboards' keyboard shortcuts are called and say (shortcuts.ts, shortcuts-help.tsx). */
export const SHORTCUT_TEXT = {
  button: "Keyboard shortcuts",
  title: "Keyboard shortcuts",
  description:
    "Keys work anywhere on the dashboard, except while you type in a field or a dialog is open.",
  close: "Close keyboard shortcuts",
  keyHeading: "Key",
  actionHeading: "Does",
  or: "or",
  actions: {
    search: "Go to the search box",
    next: "Select the next row",
    previous: "Select the previous row",
    open: "Open the selected row",
    close: "Close what is open, or clear the selection",
    help: "Show these shortcuts",
    move: "Make the selected order's next move (as its button does)",
    leaveSearch: "In the search box: keep the search and go back to the rows",
  },
  /** How a key is read out, where its sign alone would be unclear. */
  keyNames: { "/": "slash", "?": "question mark", Enter: "Enter", Escape: "Esc" },
} as const;

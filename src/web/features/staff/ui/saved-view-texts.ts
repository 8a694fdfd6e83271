import { SAVED_VIEW_LIMITS } from "../../../../shared/contracts/saved-views.ts";

/** What the dashboards' Views control says (saved-views-menu.tsx). */
export const SAVED_VIEW_TEXT = {
  button: "Views",
  title: "Saved views",
  close: "Close saved views",
  loading: "Loading your saved views",
  empty: "No saved views yet",
  emptyHint: "Set the filters, then save them here under a name to come back to them in one step.",
  listLabel: "Your saved views",
  apply: (name: string) => `Show ${name}`,
  delete: (name: string) => `Delete view ${name}`,
  deleted: (name: string) => `View “${name}” deleted`,
  saveHeading: "Save current view",
  nameLabel: "Name",
  namePlaceholder: "e.g. Late cash orders",
  nameHint: `Up to ${SAVED_VIEW_LIMITS.name} characters. A view of the same name is replaced.`,
  save: "Save view",
  saving: "Saving…",
  saved: (name: string) => `View “${name}” saved`,
} as const;

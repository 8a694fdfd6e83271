import { z } from "zod";
import type { StaffRole } from "../rules/staff.ts";

// A member's saved views ("Late cash orders"): a name and the filter part of their dashboard's
// address, kept on the server per member and dashboard so they follow the member to their phone.

export const savedViewsPath = (dashboard: StaffRole) => `/api/staff/${dashboard}/saved-views`;

export const SAVED_VIEW_LIMITS = {
  name: 40,
  /** A handful of views is quick to choose from; a longer list is a second filter to search. */
  perDashboard: 20,
  /** The longest filter query: every key at its longest, with room to spare. */
  query: 600,
  /** The longest value of one key (the search box holds at most 100 characters). */
  value: 100,
} as const;

/**
 * The filter keys of each dashboard's address (sales/board-address.ts,
 * inventory/table-address.ts, customer-relations/desk-address.ts). The open order, ticket or
 * dialog is not a filter: a view never opens one.
 */
export const SAVED_VIEW_KEYS = {
  sales: ["status", "payment", "paid", "from", "to", "late", "kind", "q"],
  inventory: ["q", "category", "sort", "low", "archived"],
  "customer-relations": ["status", "q", "type", "age"],
} as const satisfies Record<StaffRole, readonly string[]>;

export const SAVED_VIEW_MESSAGES = {
  nameRequired: "Please give the view a name.",
  nameTooLong: `A view's name can be at most ${SAVED_VIEW_LIMITS.name} characters.`,
  queryTooLong: `These filters are too long to save (at most ${SAVED_VIEW_LIMITS.query} characters).`,
  valueTooLong: `A filter's value can be at most ${SAVED_VIEW_LIMITS.value} characters.`,
  unknownKey: (key: string) => `"${key}" is not one of this dashboard's filters.`,
  repeatedKey: (key: string) => `The filter "${key}" is given twice.`,
  tooMany: `You can keep up to ${SAVED_VIEW_LIMITS.perDashboard} saved views on this dashboard. Delete one to save another.`,
  notFound: "This saved view is not one of yours on this dashboard.",
  id: "A saved view's id is a whole number.",
} as const;

/** Only the keys `dashboard`'s address knows, each once, each value short; "?" is allowed. */
export function savedViewQuerySchemaFor(dashboard: StaffRole) {
  const known: readonly string[] = SAVED_VIEW_KEYS[dashboard];
  return z
    .string()
    .max(SAVED_VIEW_LIMITS.query, SAVED_VIEW_MESSAGES.queryTooLong)
    .transform((query, context) => {
      const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
      const seen = new Set<string>();
      for (const [key, value] of params) {
        const problem = !known.includes(key)
          ? SAVED_VIEW_MESSAGES.unknownKey(key)
          : seen.has(key)
            ? SAVED_VIEW_MESSAGES.repeatedKey(key)
            : value.length > SAVED_VIEW_LIMITS.value
              ? SAVED_VIEW_MESSAGES.valueTooLong
              : undefined;
        if (problem) {
          context.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        seen.add(key);
      }
      // One spelling of a query, so the same filters always read the same.
      return params.toString();
    });
}

export function savedViewInputSchemaFor(dashboard: StaffRole) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, SAVED_VIEW_MESSAGES.nameRequired)
        .max(SAVED_VIEW_LIMITS.name, SAVED_VIEW_MESSAGES.nameTooLong),
      query: savedViewQuerySchemaFor(dashboard),
    })
    .strict();
}
export type SavedViewInput = z.input<ReturnType<typeof savedViewInputSchemaFor>>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The filters as the address spells them, without "?"; "" is the dashboard's default. */
  query: z.string(),
  createdAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** Every answer: the member's views on the dashboard, by name. */
export const savedViewsSchema = z.object({ views: z.array(savedViewSchema) });
export type SavedViews = z.infer<typeof savedViewsSchema>;

export const savedViewParamsSchema = z.object({
  id: z.coerce
    .number({ message: SAVED_VIEW_MESSAGES.id })
    .int(SAVED_VIEW_MESSAGES.id)
    .min(1, SAVED_VIEW_MESSAGES.id)
    .max(2_147_483_647, SAVED_VIEW_MESSAGES.id),
});

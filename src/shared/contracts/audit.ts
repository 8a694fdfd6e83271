import { z } from "zod";
import { ACTIVITY_KINDS } from "../rules/activity-sentence.ts";
import { STAFF_ROLES, type StaffRole } from "../rules/staff.ts";

export const AUDIT_PAGE = { default: 20, max: 100 } as const;

export const AUDIT_MESSAGES = {
  title: "Recent activity",
  empty: "Nothing has been changed from this dashboard yet.",
  emptyKind: "No activity of this kind yet.",
  emptyMember: "No activity by this member yet.",
  filters: "Filter the activity",
  member: "Member",
  allMembers: "All members",
  kind: "Kind",
  allKinds: "All kinds",
  staffInvalid: "Please choose a member from the list",
  kindInvalid: (labels: readonly string[]) =>
    `Please choose a kind of change from the list: ${labels.join(", ")}`,
  failed: "The activity could not be loaded.",
  retry: "Try again",
  loadMore: "Load more",
  loading: "Loading…",
} as const;

/** A staff member's id as the log records it: letters, digits, - and _. */
const STAFF_ID = /^[A-Za-z0-9][\w-]{0,63}$/;

/**
 * A dashboard's query, newest first; `cursor` is the `nextCursor` of the page before. `staff` is
 * the id of a member in `auditMembersSchema`'s list; `kind` is one of the dashboard's own kinds
 * (ACTIVITY_KINDS), so each dashboard's route parses its own.
 */
export function auditQuerySchemaFor(role: StaffRole) {
  const kinds = ACTIVITY_KINDS[role];
  return z
    .object({
      cursor: z
        .string()
        .regex(/^[1-9]\d{0,17}$/, "The cursor is not one this list gave out")
        .optional(),
      limit: z.coerce
        .number({ message: "The page size must be a number" })
        .int("The page size must be a whole number")
        .min(1, "The page size must be at least 1")
        .max(AUDIT_PAGE.max, `The page size must be at most ${AUDIT_PAGE.max}`)
        .default(AUDIT_PAGE.default),
      action: z
        .string()
        .trim()
        .regex(
          /^[a-z][a-z_-]*(\.[a-z][a-z_-]*)+$/,
          "Please choose an action such as product.update",
        )
        .max(100)
        .optional(),
      staff: z.string().trim().regex(STAFF_ID, AUDIT_MESSAGES.staffInvalid).optional(),
      kind: z
        .enum(kinds.map((kind) => kind.id) as [string, ...string[]], {
          message: AUDIT_MESSAGES.kindInvalid(kinds.map((kind) => kind.label)),
        })
        .optional(),
    })
    .strict();
}
export type AuditQuery = z.input<ReturnType<typeof auditQuerySchemaFor>>;
/** What the panel's two filters choose; absent is "all". */
export type AuditFilters = Pick<AuditQuery, "staff" | "kind">;

export const auditEntrySchema = z.object({
  id: z.string(),
  /** When, as an ISO 8601 instant. */
  at: z.string(),
  staffName: z.string(),
  role: z.enum(STAFF_ROLES),
  /** `<thing>.<verb>`: `product.update`, `stock.receive`, ... */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The members whose changes are in a dashboard's log, by name: the Member filter's choices. */
export const auditMembersSchema = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditMembers = z.infer<typeof auditMembersSchema>;

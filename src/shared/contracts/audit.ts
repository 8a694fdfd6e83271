import { z } from "zod";
import { STAFF_ROLES } from "../rules/staff.ts";

export const AUDIT_PAGE = { default: 20, max: 100 } as const;

/** Newest first; `cursor` is the `nextCursor` of the page before. */
export const auditQuerySchema = z
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
      .regex(/^[a-z][a-z_-]*(\.[a-z][a-z_-]*)+$/, "Please choose an action such as product.update")
      .max(100)
      .optional(),
  })
  .strict();
export type AuditQuery = z.input<typeof auditQuerySchema>;

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

export const AUDIT_MESSAGES = {
  title: "Recent activity",
  empty: "Nothing has been changed from this dashboard yet.",
  failed: "The activity could not be loaded.",
  retry: "Try again",
  loadMore: "Load more",
  loading: "Loading…",
} as const;

import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The sign-in guard's counters (failures per account and client, per address, per account, and
// when an account's owner was last warned) are fixed windows in `rate_limits`; this table keeps
// what the staff dashboards list (modules/auth/sign-in-guard.ts, decision 40).

/** A staff account that saw repeated failed sign-ins: a line on every dashboard. */
export const staffSignInWarnings = pgTable(
  "staff_sign_in_warnings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The member's username as stored, never the text a guesser typed. */
    username: text("username").notNull(),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("staff_sign_in_warnings_at_idx").on(table.at)],
);

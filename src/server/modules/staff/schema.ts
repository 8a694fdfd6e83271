import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The staff's own Better Auth tables (modules/staff/staff-auth.ts), apart from the customers':
// no customer endpoint (sign-up, profile, outside sign-in, forgot password) can reach a staff
// member, and no staff session is ever a customer session.
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The three staff members of the spec; the seed creates them and nothing else can. */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(true),
    image: text("image"),
    username: text("username").notNull().unique(),
    displayUsername: text("display_username"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** Which dashboard's API the member may call; set by the seed only. */
    role: text("role").notNull(),
    /** The spec's dashboard id: 1 inventory, 2 sales, 3 customer relations. */
    dashboard: integer("dashboard").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "staff_members_role_valid",
      sql`${table.role} in ('inventory', 'sales', 'customer-relations')`,
    ),
    check("staff_members_dashboard_valid", sql`${table.dashboard} between 1 and 3`),
  ],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_sessions_user_idx").on(table.userId)],
);

/** A staff member's password (provider "credential"), set by the seed or `npm run staff:password`. */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_accounts_user_idx").on(table.userId)],
);

/** Short-lived values of the staff sign-in (the two-factor step between password and session). */
export const staffVerifications = pgTable(
  "staff_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("staff_verifications_identifier_idx").on(table.identifier)],
);

/** A member's TOTP secret and backup codes (Better Auth's two-factor plugin, encrypted by it). */
export const staffTwoFactors = pgTable(
  "staff_two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The last 30-second time step whose code was accepted (enrolment or sign-in): a code of this
     * step or an earlier one is refused, so each code opens one session (staff-codes-once.ts).
     */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
  },
  (table) => [
    index("staff_two_factors_user_idx").on(table.userId),
    index("staff_two_factors_secret_idx").on(table.secret),
  ],
);

/**
 * Every staff write, recorded in the transaction that makes it. A trigger (migration 0007)
 * refuses updates and deletes, so the log cannot be rewritten even by a bug.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: text("staff_id").notNull(),
    staffName: text("staff_name").notNull(),
    role: text("role").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    requestId: text("request_id").notNull(),
  },
  (table) => [
    index("audit_log_role_idx").on(table.role, table.id),
    index("audit_log_target_idx").on(table.targetType, table.targetId, table.id),
  ],
);

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

/**
 * A member's saved views of their dashboard ("Late cash orders"): a name and the filter part of
 * the dashboard's address. The member's own preference, not the shop's data: no audit entry.
 */
export const staffSavedViews = pgTable(
  "staff_saved_views",
  {
    id: serial("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => staffMembers.id, { onDelete: "cascade" }),
    dashboard: text("dashboard").notNull(),
    name: text("name").notNull(),
    /** URLSearchParams' spelling, without "?"; "" is the dashboard's default view. */
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("staff_saved_views_name_idx").on(
      table.memberId,
      table.dashboard,
      sql`lower(${table.name})`,
    ),
    check(
      "staff_saved_views_dashboard_valid",
      sql`${table.dashboard} in ('inventory', 'sales', 'customer-relations')`,
    ),
  ],
);

import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/** Fixed-window counters shared by every app instance, so limits hold behind a load balancer. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStartedAt: bigint("window_started_at", { mode: "number" }).notNull(),
  },
  (table) => [index("rate_limits_window_idx").on(table.windowStartedAt)],
);

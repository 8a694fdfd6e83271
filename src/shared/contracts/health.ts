import { z } from "zod";

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
});

export const liveSchema = z.object({ status: z.literal("ok") });

export const HEALTH_MESSAGES = {
  draining: "This instance is shutting down; send requests to another.",
  noDatabase: "The database is not reachable",
} as const;

import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each module declares its tables in its own schema.ts; rate limits are the store's own.
  schema: ["./src/server/modules/*/schema.ts", "./src/server/db/schema/rate-limits.ts"],
  out: "./src/server/db/migrations",
});

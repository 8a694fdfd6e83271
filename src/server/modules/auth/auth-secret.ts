import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { storeSecrets } from "./schema.ts";

const NAME = "auth_secret";

/**
 * AUTH_SECRET when configured (required outside demo mode). In demo mode without it, one made on
 * first start and kept in the database, so sessions survive restarts and every instance agrees.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined) {
  if (configured) return configured;
  await db
    .insert(storeSecrets)
    .values({ name: NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(storeSecrets).where(eq(storeSecrets.name, NAME));
  return row!.value;
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client.ts";
import { openSeededPglite } from "../testing/test-app.ts";
import { logSafeError } from "./log-safe-error.ts";

describe("errors as the log keeps them", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openSeededPglite();
    await database.db.execute(
      sql`create table people (email text primary key, name text not null check (name <> 'x'))`,
    );
    await database.db.execute(sql`insert into people values (${"asha@example.in"}, ${"Asha"})`);
  });
  afterAll(() => database.close());

  async function failure(statement: ReturnType<typeof sql>) {
    return database.db.execute(statement).then(
      () => expect.unreachable("the statement should fail"),
      (error: unknown) => error,
    );
  }

  it("keeps what failed and why, without the statement's values or the row", async () => {
    const error = await failure(
      sql`insert into people values (${"asha@example.in"}, ${"Asha Das, 12 Janpath"})`,
    );
    // What the driver hands over does carry them; the log must not.
    expect(String((error as Error).message)).toContain("12 Janpath");
    const logged = JSON.stringify(logSafeError(error as Error));
    expect(logged).not.toContain("asha@example.in");
    expect(logged).not.toContain("Janpath");
    expect(logged).toContain("insert into people");
    expect(logSafeError(error as Error)).toMatchObject({
      message: expect.stringContaining("params: (not logged)"),
      cause: { code: "23505", constraint: "people_pkey" },
    });
  });

  it("leaves out the failing row that a check constraint quotes", async () => {
    const error = await failure(sql`insert into people values (${"ravi@example.in"}, ${"x"})`);
    const logged = JSON.stringify(logSafeError(error as Error));
    expect(logged).not.toContain("ravi@example.in");
    expect(logged).toContain("people_name_check");
  });

  it("keeps plain fields and leaves out objects, which could hold anything", () => {
    const error = Object.assign(new Error("gateway down"), {
      statusCode: 502,
      request: { cardHolder: "Asha Das" },
    });
    const logged = logSafeError(error);
    expect(logged).toMatchObject({ type: "Error", message: "gateway down", statusCode: 502 });
    expect(JSON.stringify(logged)).not.toContain("Asha");
  });
});

import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addDays, shopDate } from "../../shared/rules/bulk-delivery-date.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { bulkOrders } from "../db/schema/index.ts";
import { submitBulkOrder } from "../modules/bulk-orders/submit-bulk-order.ts";
import { writeOpsNote } from "../modules/ops/ops-channel.ts";
import { createTestDatabase } from "../testing/test-app.ts";

const run = promisify(execFile);
const COMMAND = ["--import", "tsx", "src/server/commands/bulk-quote.ts"];

async function quote(args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await run(process.execPath, [...COMMAND, ...args], {
      env: { PATH: process.env.PATH, DEMO_MODE: "true", LOG_LEVEL: "silent", ...env },
      timeout: 60_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

const request = {
  name: "Priya Mohanty",
  email: "priya@example.in",
  phone: "+919876543210",
  eventType: "wedding" as const,
  products: "Tomatoes 50 kg",
  location: "Jaydev Vihar, Bhubaneswar",
  deliveryDate: addDays(shopDate(new Date()), 4),
  codRequested: false,
  termsAccepted: true as const,
};
const requester = { browserKeyHash: "c".repeat(64), customerId: null };

// Each case starts the command in a process of its own and opens an embedded database: slow on a busy machine.
describe("npm run bulk:quote", { timeout: 120_000 }, () => {
  const folders: string[] = [];
  const dataDir = async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "fhh-quote-"));
    folders.push(folder);
    return folder;
  };
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("prices a request in a stopped store's embedded database", async () => {
    const dir = await dataDir();
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    const { ticketId } = await submitBulkOrder(
      { db: database.db, linkFor: () => "" },
      request,
      requester,
    );
    await database.close();

    const result = await quote([ticketId, "12500.50", "--approve-cod"], { DATA_DIR: dir });
    expect(result.out).toContain(
      `${ticketId} is now Awaiting Payment: quote ₹12,500.50, advance ₹6,250.25, cash on delivery approved.`,
    );
    expect(result.out).toContain("goes out when the store next starts");
    expect(result.code).toBe(0);

    const reopened = await openDatabase({ dataDir: dir });
    const [row] = await reopened.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.ticketId, ticketId));
    await reopened.close();
    expect(row).toMatchObject({
      status: "awaiting_payment",
      quotePaise: 12_500_50,
      advancePaise: 6_250_25,
      codApproved: true,
    });
  });

  /**
   * A store running on a fresh embedded database in its own folder, with its ops note written
   * as main.ts writes it and one bulk request waiting; stopped after `use`.
   */
  async function withRunningStore(
    env: Record<string, string>,
    use: (store: { dir: string; ticketId: string; database: DatabaseHandle }) => Promise<void>,
  ) {
    const dir = await dataDir();
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      WEB_DIST_DIR: "./.tmp/no-web-build",
      LOG_LEVEL: "silent",
      ...env,
    });
    const token = "running-store-token-0123456789abcdefgh";
    const app = await buildApp({ config, database, logger: false, opsToken: token });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as { port: number };
      await writeOpsNote(dir, `http://127.0.0.1:${port}`, token, config.publicUrl);
      const { ticketId } = await submitBulkOrder(
        { db: database.db, linkFor: () => "" },
        request,
        requester,
      );
      await use({ dir, ticketId, database });
    } finally {
      await app.close();
      await database.close();
    }
  }

  it("asks a running store on the embedded database to do it", async () => {
    // Not what the command's own environment says: the store's note tells it its origin.
    await withRunningStore(
      { PUBLIC_URL: "http://127.0.0.1:8765" },
      async ({ dir, ticketId, database }) => {
        const result = await quote([ticketId, "8000"], { DATA_DIR: dir });
        expect(result.out).toContain(
          `${ticketId} is now Awaiting Payment: quote ₹8,000.00, advance ₹4,000.00.`,
        );
        expect(result.out).toContain("is on its way");
        const [row] = await database.db
          .select()
          .from(bulkOrders)
          .where(eq(bulkOrders.ticketId, ticketId));
        expect(row!.quotePaise).toBe(8_000_00);

        const late = await quote(["BOR-000000-1000", "8000"], { DATA_DIR: dir });
        expect(late.code).toBe(1);
        expect(late.out).toContain("No bulk order request BOR-000000-1000 exists.");
      },
    );
  });

  it("explains that a running store behind a proxy on this machine takes no commands", async () => {
    await withRunningStore({ TRUST_PROXY: "127.0.0.1" }, async ({ dir, ticketId }) => {
      const result = await quote([ticketId, "8000"], { DATA_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.out).toContain("never through a proxy");
      expect(result.out).toContain("Stop the store, run the command, then start the store again.");
    });
  });

  it("explains wrong arguments", async () => {
    const dir = await dataDir();
    const missing = await quote([], { DATA_DIR: dir });
    expect(missing.code).toBe(1);
    expect(missing.out).toContain("Usage: npm run bulk:quote -- BOR-123456-1234");
    expect((await quote(["BOR-1", "100"], { DATA_DIR: dir })).out).toContain(
      "must look like BOR-123456-1234",
    );
    expect((await quote(["BOR-123456-1234", "12,500"], { DATA_DIR: dir })).out).toContain(
      "amount in rupees",
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)("prices a request in PostgreSQL", async () => {
    const created = await createTestDatabase("postgres");
    try {
      await created.handle.migrate();
      const { ticketId } = await submitBulkOrder(
        { db: created.handle.db, linkFor: () => "" },
        request,
        requester,
      );
      const result = await quote([ticketId, "25000"], { DATABASE_URL: created.url! });
      expect(result.out).toContain("is now Awaiting Payment: quote ₹25,000.00");
      const [row] = await created.handle.db
        .select()
        .from(bulkOrders)
        .where(eq(bulkOrders.ticketId, ticketId));
      expect(row!.advancePaise).toBe(12_500_00);
    } finally {
      await created.handle.close();
      await created.drop();
    }
  });
});

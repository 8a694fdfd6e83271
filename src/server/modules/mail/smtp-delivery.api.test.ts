import { createServer } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { mailOutbox } from "../../db/schema/index.ts";
import { useSmtpListener } from "../../testing/smtp-listener.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";
import { letterMail } from "./letter.tsx";
import { createMailWorker, MAX_ATTEMPTS, retryDelaySeconds } from "./mail-worker.ts";
import { enqueueMail, type OutgoingMail } from "./outbox.ts";

const quiet = { info() {}, warn() {}, error() {} };
const MAIL_FROM = "Fresh Harvest Hub <orders@freshharvesthub.in>";

const orderMail = (subject: string, to = "ravi@example.in"): OutgoingMail => ({
  to,
  ...letterMail({ subject, title: "On its way", paragraphs: ["Your order is on its way."] }),
  attachments: [
    {
      filename: "invoice-FHH-654321.html",
      contentType: "text/html",
      content: "<h1>Tax Invoice</h1>",
    },
  ],
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("retry delays", () => {
  it("double from 30 s and stop at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});

describe.each(testDatabaseKinds)("mail delivery over SMTP on %s", (kind) => {
  const env: Record<string, string> = { MAIL_FROM, DEMO_MODE: "true" };
  const smtp = useSmtpListener(env);
  const ctx = useTestApp(kind, env);

  const readRow = async (id: number) => {
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row!;
  };
  const receivedWithSubject = (subject: string) =>
    smtp.received.filter((mail) => mail.raw.includes(`Subject: ${subject}\r\n`));

  it("sends a mail through the SMTP server and marks it sent", async () => {
    const subject = "Order FHH-654321 confirmed";
    const { id } = await ctx.database.db.transaction((tx) => enqueueMail(tx, orderMail(subject)));
    const report = await ctx.app.mail.deliverDue();
    expect(report).toMatchObject({ sent: 1, retrying: 0, failed: 0 });

    const [mail] = receivedWithSubject(subject);
    expect(mail).toBeDefined();
    expect(mail!.rcptTo).toEqual(["ravi@example.in"]);
    expect(mail!.mailFrom).toBe("orders@freshharvesthub.in");
    expect(mail!.raw).toContain("To: ravi@example.in");
    expect(mail!.raw).toContain("From: Fresh Harvest Hub <orders@freshharvesthub.in>");
    expect(mail!.raw).toMatch(/filename="?invoice-FHH-654321\.html/);
    expect(mail!.raw).toMatch(/Message-ID: <outbox-\d+-\d+@freshharvesthub\.in>/);

    const row = await readRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const detail = await ctx.app.inject({ url: `/api/dev/mailbox/${id}` });
    expect(detail.json()).toMatchObject({ status: "sent", sentAt: row.sentAt!.toISOString() });
  });

  it("keeps a refused mail pending with a backoff, then sends it once accepted", async () => {
    const subject = "Order FHH-100200 confirmed";
    const { id } = await enqueueMail(ctx.database.db, orderMail(subject));
    smtp.refuse("Mailbox busy, try again later");
    try {
      expect(await ctx.app.mail.deliverDue()).toMatchObject({ retrying: 1, sent: 0 });
    } finally {
      smtp.accept();
    }
    const refused = await readRow(id);
    expect(refused).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(refused.lastError).toContain("Mailbox busy");
    const waitSeconds = (refused.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(20);
    expect(waitSeconds).toBeLessThanOrEqual(31);
    expect(receivedWithSubject(subject)).toEqual([]);

    // Not due yet: a pass leaves it alone even though the server now accepts.
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ sent: 0, retrying: 0 });

    await ctx.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ sent: 1 });
    expect(receivedWithSubject(subject)).toHaveLength(1);
    expect(await readRow(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("logs why a mail was refused without the recipient's address", async () => {
    const to = "ravi.k+orders@example.in";
    const logged: unknown[] = [];
    const capture = (fields: unknown, message?: string) => void logged.push({ fields, message });
    const worker = createMailWorker({
      db: ctx.database.db,
      config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM },
      log: { info: capture, warn: capture, error: capture },
    });
    const retried = await enqueueMail(ctx.database.db, orderMail("Refused, quoting you", to));
    const given = await enqueueMail(ctx.database.db, orderMail("Refused for the last time", to));
    await ctx.database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, given.id));
    smtp.refuse(`Mailbox <${to}> unavailable; also tried "${to}" (ask postmaster@example.in)`, 550);
    try {
      expect(await worker.deliverDue()).toMatchObject({ retrying: 1, failed: 1 });
    } finally {
      smtp.accept();
      await worker.stop();
    }
    const text = JSON.stringify(logged);
    expect(text).not.toContain(to);
    expect(text).not.toContain("ravi");
    expect(text).not.toContain("postmaster@");
    expect(logged).toEqual(
      [retried.id, given.id].map((mailId) =>
        expect.objectContaining({
          fields: expect.objectContaining({
            mailId,
            toDomain: "example.in",
            error: expect.stringContaining(
              'Mailbox <[address]> unavailable; also tried "[address]" (ask [address])',
            ),
          }),
        }),
      ),
    );
    // The outbox row keeps the whole reply: it holds the address anyway.
    expect((await readRow(given.id)).lastError).toContain(to);
  });

  it("retries when the SMTP server cannot be reached", async () => {
    const subject = "Unreachable relay";
    const { id } = await enqueueMail(ctx.database.db, orderMail(subject));
    const worker = createMailWorker({
      db: ctx.database.db,
      config: { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, mailFrom: MAIL_FROM },
      log: quiet,
    });
    expect(await worker.deliverDue()).toMatchObject({ retrying: 1 });
    const row = await readRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await worker.stop();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and keeps the row`, async () => {
    const subject = "Refused for good";
    const { id } = await enqueueMail(ctx.database.db, orderMail(subject));
    await ctx.database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    smtp.refuse("Mailbox unavailable", 550);
    try {
      expect(await ctx.app.mail.deliverDue()).toMatchObject({ failed: 1 });
    } finally {
      smtp.accept();
    }
    const row = await readRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lockedUntil: null });
    expect(row.lastError).toContain("Mailbox unavailable");
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
  });

  it("retries a mail its template cannot draw, then keeps it as failed with the error: never lost", async () => {
    const subject = "Drawn by a template this store does not have";
    const { id } = await enqueueMail(ctx.database.db, {
      to: "ravi@example.in",
      subject,
      template: "no-such-template",
      data: { orderNumber: "FHH-654321" },
    });
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ retrying: 1, sent: 0 });
    const retried = await readRow(id);
    expect(retried).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(retried.lastError).toContain('No mail template is named "no-such-template"');
    expect(retried.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await ctx.database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ failed: 1 });
    const failed = await readRow(id);
    expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(failed.data).toEqual({ orderNumber: "FHH-654321" });
    expect(receivedWithSubject(subject)).toEqual([]);
  });

  it("retries a letter whose data its template cannot draw", async () => {
    const subject = "A letter without paragraphs";
    const { id } = await enqueueMail(ctx.database.db, {
      to: "ravi@example.in",
      subject,
      template: "letter",
      data: { subject },
    });
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ retrying: 1, sent: 0 });
    expect(await readRow(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect(receivedWithSubject(subject)).toEqual([]);
  });

  it("never sends one mail twice when two instances deliver at the same time", async () => {
    const subjects = Array.from({ length: 25 }, (_, i) => `Race ${kind} ${i}`);
    await ctx.database.db.transaction(async (tx) => {
      for (const subject of subjects) await enqueueMail(tx, orderMail(subject));
    });
    const other = createMailWorker({
      db: ctx.database.db,
      config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM },
      log: quiet,
    });
    const reports = await Promise.all([ctx.app.mail.deliverDue(), other.deliverDue()]);
    await other.stop();
    expect(reports[0].sent + reports[1].sent).toBe(subjects.length);
    for (const subject of subjects) expect(receivedWithSubject(subject)).toHaveLength(1);
    const rows = await ctx.database.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.subject, subjects));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("leaves a row another instance is delivering, and takes it over once its claim runs out", async () => {
    const subject = "Claimed by an instance that died";
    const { id } = await enqueueMail(ctx.database.db, orderMail(subject));
    const claim = (until: ReturnType<typeof sql>) =>
      ctx.database.db.update(mailOutbox).set({ lockedUntil: until }).where(eq(mailOutbox.id, id));
    await claim(sql`now() + interval '10 minutes'`);
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ sent: 0 });
    expect(receivedWithSubject(subject)).toEqual([]);
    await claim(sql`now() - interval '1 second'`);
    expect(await ctx.app.mail.deliverDue()).toMatchObject({ sent: 1 });
    expect(await readRow(id)).toMatchObject({ status: "sent", lockedUntil: null });
  });

  it("delivers mail enqueued before a restart from the new instance's poll", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      WEB_DIST_DIR: "./.tmp/no-web-build",
      LOG_LEVEL: "silent",
      ...env,
    });
    const before = await buildApp({ config, database: ctx.database, logger: false });
    await before.ready();
    const subject = "Enqueued before the restart";
    const { id } = await ctx.database.db.transaction((tx) => enqueueMail(tx, orderMail(subject)));
    await before.close();
    expect((await readRow(id)).status).toBe("pending");

    const after = await buildApp({ config, database: ctx.database, logger: false });
    await after.ready();
    try {
      after.mail.start();
      await vi.waitFor(async () => expect((await readRow(id)).status).toBe("sent"), {
        timeout: 10_000,
        interval: 100,
      });
      expect(receivedWithSubject(subject)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });

  it("sends at once when a mail's transaction commits, without waiting for the next poll", async () => {
    const worker = createMailWorker({
      db: ctx.database.db,
      config: { smtpUrl: smtp.url, mailFrom: MAIL_FROM },
      log: quiet,
      pollIntervalMs: 60 * 60 * 1000,
      listen: ctx.database.listen,
    });
    worker.start();
    try {
      // The first pass runs at start; after it the next poll is an hour away.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const subject = "Woken by the commit";
      const { id } = await ctx.database.db.transaction((tx) => enqueueMail(tx, orderMail(subject)));
      await vi.waitFor(async () => expect((await readRow(id)).status).toBe("sent"), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await worker.stop();
    }
  });

  it("is not woken by queued mail while stopped", async () => {
    const subject = "Enqueued while stopped";
    const { id } = await enqueueMail(ctx.database.db, orderMail(subject));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readRow(id)).status).toBe("pending");
    await ctx.app.mail.deliverDue();
    expect((await readRow(id)).status).toBe("sent");
  });
});

describe("SMTP with STARTTLS", () => {
  const smtp = useSmtpListener(undefined, { starttls: true });
  const ctx = useTestApp("pglite");

  const deliverWith = async (smtpUrl: string, subject: string) => {
    const { id } = await enqueueMail(ctx.database.db, orderMail(subject));
    const worker = createMailWorker({
      db: ctx.database.db,
      config: { smtpUrl, mailFrom: MAIL_FROM },
      log: quiet,
    });
    await worker.deliverDue();
    await worker.stop();
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row!;
  };

  it("upgrades to TLS and refuses a certificate it cannot verify", async () => {
    const row = await deliverWith(smtp.url, "Self-signed relay");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/certificate/i);
    expect(smtp.received).toEqual([]);
  });

  it("accepts options in the URL's query, like trusting a private relay's certificate", async () => {
    const row = await deliverWith(
      `${smtp.url}?tls.rejectUnauthorized=false`,
      "Private relay, trusted",
    );
    expect(row.status).toBe("sent");
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.secure).toBe(true);
  });
});

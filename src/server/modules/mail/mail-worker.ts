import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config.ts";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import { repeatingTask } from "../../workers/repeating-task.ts";
import { mailLogFields, withoutAddresses } from "./mail-log.ts";
import { mailOutbox } from "./schema.ts";
import { renderStoredMail } from "./stored-mail.ts";

/** How often a started worker looks for due mail; a queued mail's notice makes it look at once. */
const POLL_INTERVAL_MS = 2_000;
/**
 * The channel the outbox's trigger notifies once a transaction that queued mail commits
 * (migration 0024), on every instance: no writer has to remember to wake the worker.
 */
export const MAIL_CHANNEL = "fhh_mail";
/**
 * How long a queued mail's notice waits for more before the pass: under load every order
 * queues one, and a pass per order would cost the database more than the orders' own mail.
 */
const GATHER_MS = 100;
/** Rows claimed per query; a pass keeps claiming until fewer come back. */
const BATCH_SIZE = 10;
/** Rows marked stored per statement when there is no SMTP server to send to. */
const STORE_BATCH_SIZE = 200;
/**
 * How long a claim keeps other instances away. It must outlast delivering one batch (the SMTP
 * timeouts below bound each send); a worker that dies mid-pass frees its rows when it runs out.
 */
const CLAIM_LOCK = sql`now() + interval '10 minutes'`;
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 60 * 60;
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Seconds to wait after the given number of failed attempts: 30 s, 1 min, 2 min, ... 1 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(
    FIRST_RETRY_SECONDS * 2 ** Math.max(failedAttempts - 1, 0),
    LONGEST_RETRY_SECONDS,
  );
}

type OutboxRow = typeof mailOutbox.$inferSelect;
type Outcome = "sent" | "stored" | "retrying" | "failed";
type SendOutcome = Exclude<Outcome, "stored">;
export type DeliveryReport = Record<Outcome, number>;

export type MailWorkerOptions = {
  db: Database;
  config: Pick<Config, "smtpUrl" | "mailFrom">;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /** Defaults to 2 s. */
  pollIntervalMs?: number;
  /** Hears the outbox's notices while started; without it the worker only polls. */
  listen?: DatabaseHandle["listen"];
};

export type MailWorker = {
  /** Runs a pass now, then polls every 2 s and runs at once on each queued mail's notice. */
  start(): void;
  /** Stops polling and waits for a pass in flight. */
  stop(): Promise<void>;
  /** One pass over every due row; tests call it directly instead of starting the worker. */
  deliverDue(): Promise<DeliveryReport>;
};

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500);
}

/** The domain of MAIL_FROM, for Message-IDs: `Shop <orders@shop.in>` gives `shop.in`. */
function senderDomain(mailFrom: string): string {
  return /@([^>\s]+)/.exec(mailFrom)?.[1] ?? "localhost";
}

/**
 * Delivers the outbox. Every instance runs one; claiming rows with FOR UPDATE SKIP LOCKED and a
 * lock time means two instances never take the same row. Delivery is at least once: if the
 * process dies after the SMTP server accepted a mail but before the row is marked, the mail is
 * sent again when the claim runs out (with the same Message-ID, so mail systems can tell).
 * Logs carry id, the recipient's domain, subject, status and error (addresses left out), never
 * a body or an address.
 */
export function createMailWorker({
  db,
  config,
  log,
  pollIntervalMs = POLL_INTERVAL_MS,
  listen,
}: MailWorkerOptions): MailWorker {
  let transport: Transporter | undefined;
  const domain = senderDomain(config.mailFrom);

  // Options in the URL's query (e.g. ?requireTLS=true or ?tls.rejectUnauthorized=false) win.
  const smtp = () =>
    (transport ??= nodemailer.createTransport(
      { url: config.smtpUrl, ...SMTP_TIMEOUTS },
      { from: config.mailFrom },
    ));

  /** Due rows no other instance holds, oldest first, up to `limit`: a subquery for an UPDATE. */
  const dueIds = (limit: number) =>
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, "pending"),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });

  async function claimDue(): Promise<OutboxRow[]> {
    const rows = await db
      .update(mailOutbox)
      .set({ lockedUntil: CLAIM_LOCK })
      .where(inArray(mailOutbox.id, dueIds(BATCH_SIZE)))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /**
   * Without SMTP, delivering is keeping: a batch is marked stored in one statement, without
   * reading or drawing its mails (the demo mailbox draws one when it is opened).
   */
  async function storeDue(): Promise<number> {
    const rows = await db
      .update(mailOutbox)
      .set({ status: "stored", lockedUntil: null })
      .where(inArray(mailOutbox.id, dueIds(STORE_BATCH_SIZE)))
      .returning({
        id: mailOutbox.id,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
      });
    for (const row of rows) {
      log.info({ ...mailLogFields(row), status: "stored" }, "mail kept in the outbox: no SMTP_URL");
    }
    return rows.length;
  }

  async function deliver(row: OutboxRow): Promise<SendOutcome> {
    const about = mailLogFields(row);
    const attempts = row.attempts + 1;
    try {
      // Drawn here, as it is sent: a template that cannot draw its row is a failed attempt,
      // retried and at last kept as 'failed' with the error, like a refusing SMTP server.
      const mail = renderStoredMail(row);
      await smtp().sendMail({
        to: row.toAddress,
        subject: row.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
        messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${domain}>`,
        headers: { "Auto-Submitted": "auto-generated" },
      });
    } catch (error) {
      const lastError = errorText(error);
      if (attempts >= MAX_ATTEMPTS) {
        await db
          .update(mailOutbox)
          .set({ status: "failed", attempts, lastError, lockedUntil: null })
          .where(eq(mailOutbox.id, row.id));
        log.error(
          { ...about, status: "failed", attempts, error: withoutAddresses(lastError) },
          "mail given up",
        );
        return "failed";
      }
      const delay = retryDelaySeconds(attempts);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError,
          lockedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${delay}::double precision)`,
        })
        .where(eq(mailOutbox.id, row.id));
      log.warn(
        {
          ...about,
          status: "pending",
          attempts,
          retryInSeconds: delay,
          error: withoutAddresses(lastError),
        },
        "mail not delivered; will retry",
      );
      return "retrying";
    }
    await db
      .update(mailOutbox)
      .set({ status: "sent", attempts, sentAt: sql`now()`, lockedUntil: null })
      .where(eq(mailOutbox.id, row.id));
    log.info({ ...about, status: "sent", attempts }, "mail sent");
    return "sent";
  }

  async function deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, stored: 0, retrying: 0, failed: 0 };
    if (!config.smtpUrl) {
      for (;;) {
        const stored = await storeDue();
        report.stored += stored;
        if (stored < STORE_BATCH_SIZE || task.stopping) return report;
      }
    }
    for (;;) {
      const rows = await claimDue();
      for (const row of rows) report[await deliver(row)] += 1;
      // Every row handled leaves the due set, so this ends; a stopping worker leaves the rest.
      if (rows.length < BATCH_SIZE || task.stopping) return report;
    }
  }

  const task = repeatingTask("mail worker", deliverDue, {
    intervalMs: pollIntervalMs,
    log,
    gatherMs: GATHER_MS,
  });

  let hearing: Promise<(() => Promise<void>) | undefined> | undefined;

  return {
    start() {
      task.start();
      // Polling still finds every mail; the notice only spares the wait for the next look.
      hearing ??= listen?.(MAIL_CHANNEL, () => task.kick()).catch((error: unknown) => {
        log.warn({ err: error }, "the mail worker does not hear queued mail; it polls");
        return undefined;
      });
    },
    async stop() {
      await task.stop();
      const stopHearing = await hearing;
      hearing = undefined;
      await stopHearing?.().catch(() => {});
      transport?.close();
      transport = undefined;
    },
    deliverDue,
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox worker of this app instance (see createMailWorker). */
    mail: MailWorker;
  }
}

import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { ErrorBody } from "../../../shared/contracts/errors.ts";
import { IDEMPOTENCY_MESSAGES } from "../../../shared/contracts/idempotency.ts";
import { type Database, rowsOf, type Transaction } from "../../db/client.ts";
import { deleteOlderInBatch } from "../../db/delete-in-batches.ts";
import { preparedOnce, statementOnce } from "../../db/statement-once.ts";
import { isDatabaseUnreachable } from "../../db/unreachable.ts";
import { AppError } from "../../http/app-error.ts";
import type { CountRow } from "../../http/rate-limit-store.ts";
import { idempotencyKeys } from "./schema.ts";
import { instanceAlive, THIS_INSTANCE } from "./store-instance.ts";

/** A request still 'processing' after this long was abandoned (its process died): retry it. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

/** `replayed`: the answer kept from an earlier run of the same key, not a new one. */
export type StoredResponse = { status: number; body: unknown; replayed?: true };

export function hashRequest(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex");
}

/**
 * Who sends a key: the hash of the browser's order-access key, and the signed-in customer. A key
 * is theirs: the same key from anyone else is refused, never answered with their answer.
 */
export type KeyPlacer = { browserKeyHash: string; customerId: string | null };

/** The same browser, or the same signed-in customer (from any browser) as sent the key first. */
const placedBy = (row: ExistingRow, placer: KeyPlacer) =>
  (row.placer_browser_key_hash !== null && row.placer_browser_key_hash === placer.browserKeyHash) ||
  (row.placer_customer_id !== null && row.placer_customer_id === placer.customerId);

/**
 * What a claim's statement also does, to spare the workflow round trips of its own: `count`, an
 * upsert made with `onlyIf` (a rate-limit count, rate-limit-store.ts), runs only when this claim
 * starts the work; `read`, a scalar subquery, is read whatever the claim finds.
 */
export type WithClaim = { count?: (onlyIf: SQL) => SQL; read?: SQL };
/** What those answered: `counted` is undefined when the statement did not count. */
export type ClaimedWith = { counted?: CountRow; read?: unknown };

type Claim = { stored?: StoredResponse; with: ClaimedWith };

type ExistingRow = {
  key: string | null;
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: unknown;
  placer_customer_id: string | null;
  placer_browser_key_hash: string | null;
};

type ClaimInput = {
  storedKey: string;
  scope: string;
  requestHash: string;
  placer: KeyPlacer | undefined;
  also: WithClaim;
};
type ClaimRow = Partial<ExistingRow> & {
  claimed: boolean;
  counted: CountRow | null;
  read: unknown;
};

const CLAIMED = sql`exists (select 1 from claimed)`;

/**
 * The claim tries the key and reads the one it met, with what `also` adds; sent on every keyed
 * request, so made once per pair of parts and prepared on each connection.
 */
const claimStatement = statementOnce({
  name: "key_claim",
  shape: ({ also }: ClaimInput) => ({
    count: also.count !== undefined,
    read: also.read !== undefined,
  }),
  parts: {
    count: ({ also }: ClaimInput) => also.count?.(CLAIMED) ?? sql``,
    read: ({ also }: ClaimInput) => also.read ?? sql``,
  },
  build: (shape, bind, parts) => {
    const storedKey = bind((input) => input.storedKey);
    return sql`
      with claimed as (
        insert into idempotency_keys
          (key, scope, request_hash, state, holder, placer_browser_key_hash, placer_customer_id)
        values (${storedKey}, ${bind((input) => input.scope)}, ${bind((input) => input.requestHash)},
          'processing', ${THIS_INSTANCE}, ${bind((input) => input.placer?.browserKeyHash ?? null)},
          ${bind((input) => input.placer?.customerId ?? null)})
        on conflict do nothing
        returning key
      )${shape.count ? sql`, counted as (${parts.count})` : sql``}
      select ${CLAIMED} as claimed,
        ${shape.count ? sql`(select row_to_json(counted) from counted)` : sql`null`} as counted,
        ${shape.read ? parts.read : sql`null`} as read,
        existing.key, existing.request_hash, existing.state, existing.response_status,
        existing.response_body, existing.placer_customer_id, existing.placer_browser_key_hash
      from (select 1) as one
      left join idempotency_keys as existing on existing.key = ${storedKey} and not ${CLAIMED}`;
  },
});

/**
 * Claims a key for one run of a workflow. Returns the stored answer when the same request was
 * completed before; refuses the same key from another placer or with another request (422), or
 * while the first run is still going (409). Without a `placer` (a workflow whose route already
 * admits only its owner, such as a bulk request's advance) the key is checked against the
 * request alone. One statement tries the claim and reads the key it met, with what `also` adds.
 */
export async function claimIdempotencyKey(
  db: Database,
  scope: string,
  key: string,
  requestHash: string,
  placer?: KeyPlacer,
  also: WithClaim = {},
): Promise<Claim> {
  const storedKey = `${scope}:${key}`;
  const [row] = await claimStatement.run<ClaimRow>(db, {
    storedKey,
    scope,
    requestHash,
    placer,
    also,
  });
  const claimedWith: ClaimedWith = { counted: row!.counted ?? undefined, read: row!.read };
  if (row!.claimed) return { with: claimedWith };
  // A run of the same key committed it after this statement's snapshot was taken: read it again.
  const existing = row!.key ? (row as ExistingRow) : await existingKey(db, storedKey);
  if (!existing)
    return claimIdempotencyKey(db, scope, key, requestHash, placer, { read: also.read });
  const stored = await resumeClaim(db, existing, requestHash, placer);
  return { stored, with: { read: claimedWith.read } };
}

const existingKey = async (db: Database, storedKey: string) =>
  rowsOf<ExistingRow>(
    await db.execute(sql`
      select key, request_hash, state, response_status, response_body, placer_customer_id,
        placer_browser_key_hash
      from idempotency_keys where key = ${storedKey}`),
  )[0];

/** The answer to a key already claimed: refused, answered again, or taken over to run now. */
async function resumeClaim(
  db: Database,
  existing: ExistingRow,
  requestHash: string,
  placer: KeyPlacer | undefined,
): Promise<StoredResponse | undefined> {
  // Checked first, and whatever the key's state: another client learns nothing of the first
  // request (not its answer, nor whether it is still running or was for the same body).
  if (placer && !placedBy(existing, placer)) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_MESSAGES.otherPlacer);
  }
  if (existing.request_hash !== requestHash) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_MESSAGES.reused);
  }
  if (existing.state === "completed") {
    return { status: existing.response_status!, body: existing.response_body, replayed: true };
  }
  // Taken over when its instance has died (stopped beating: seconds after a crash), or when
  // the run has gone on far too long. The old run, if it still lives, can then write nothing:
  // every write that finishes a run requires its instance to hold the key (heldByThisInstance).
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()`, holder: THIS_INSTANCE })
    .where(
      and(
        eq(idempotencyKeys.key, existing.key!),
        eq(idempotencyKeys.state, "processing"),
        or(
          lt(idempotencyKeys.createdAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
          isNull(idempotencyKeys.holder),
          sql`not ${instanceAlive(sql`${idempotencyKeys.holder}`)}`,
        ),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (takenOver.length > 0) return undefined;
  throw inProgress();
}

const inProgress = () =>
  new AppError(
    "IN_PROGRESS",
    "This order is already being placed. Please wait a moment before trying again.",
  );

/**
 * What completing this instance's key writes: its answer, as values or (for a statement made
 * once) as placeholders.
 */
const completing = (key: string | SQL, status: number | SQL, body: unknown) => ({
  set: { state: "completed", responseStatus: status, responseBody: body, completedAt: sql`now()` },
  where: and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.holder, THIS_INSTANCE)),
});

// A refusal kept as a key's answer (an item out of stock): made once.
const completion = preparedOnce("key_completion", (db, name) => {
  const { set, where } = completing(
    sql`${sql.placeholder("key")}`,
    sql`${sql.placeholder("status")}::integer`,
    // Sent as its JSON text, as the column's own mapping would.
    sql`${sql.placeholder("body")}::jsonb`,
  );
  return db
    .update(idempotencyKeys)
    .set(set)
    .where(where)
    .returning({ key: idempotencyKeys.key })
    .prepare(name);
});

/**
 * Stores the answer; in the workflow's own transaction when it has one, so both commit together
 * (checkout puts `completionQuery` in its order statement instead).
 */
export async function completeIdempotencyKey(
  db: Database | Transaction,
  scope: string,
  key: string,
  response: StoredResponse,
): Promise<void> {
  const done = await completion(db).execute({
    key: `${scope}:${key}`,
    status: response.status,
    body: JSON.stringify(response.body),
  });
  // Another instance took the key over: this run's transaction must not commit.
  if (done.length === 0) throw new ClaimLost();
}

/** This run's key was taken over by another instance (this one was thought dead). */
export class ClaimLost extends Error {
  override name = "ClaimLost";
  constructor() {
    super("the Idempotency-Key was taken over by another run");
  }
}

/** Whether this instance still holds the key (for a statement that writes only if it does). */
export const heldByThisInstance = (scope: string, key: string) =>
  sql`exists (select 1 from idempotency_keys where key = ${`${scope}:${key}`}
    and state = 'processing' and holder = ${THIS_INSTANCE})`;

/**
 * The UPDATE that stores the answer, for a workflow that runs it as part of a larger statement;
 * `onlyIf` is an extra condition (e.g. that the statement's insert produced a row).
 */
export function completionQuery(
  db: Database | Transaction,
  scope: string,
  key: string,
  response: StoredResponse,
  onlyIf?: SQL,
) {
  const { set, where } = completing(`${scope}:${key}`, response.status, response.body);
  return db
    .update(idempotencyKeys)
    .set(set)
    .where(onlyIf ? and(where, onlyIf) : where);
}

/**
 * A key written with its answer as one part of the workflow's own statement, for a workflow whose
 * answer is known before it commits: no round trip claims the key first. A second run of the key
 * meets the row only once it has committed (its own insert waits for this transaction), and a
 * run that fails or crashes leaves no row; answerOfKey then tells what the key answers.
 */
export function answeredKeyInsert(
  db: Database | Transaction,
  key: { scope: string; key: string; requestHash: string },
  response: StoredResponse,
) {
  return db.insert(idempotencyKeys).values({
    key: `${key.scope}:${key.key}`,
    scope: key.scope,
    requestHash: key.requestHash,
    state: "completed",
    responseStatus: response.status,
    responseBody: response.body,
    completedAt: sql`now()`,
    holder: THIS_INSTANCE,
  });
}

/**
 * What a key answers after its run (see answeredKeyInsert) did not commit: the answer of a run
 * that committed first (or 422 for another request); else `refusal`, kept as the key's answer in
 * the same statement that looks; else nothing, and the run's failure stands.
 */
export async function answerOfKey(
  db: Database,
  key: { scope: string; key: string; requestHash: string },
  refusal?: StoredResponse,
): Promise<StoredResponse | undefined> {
  const storedKey = `${key.scope}:${key.key}`;
  let existing: ExistingRow | undefined;
  if (refusal) {
    const kept = sql`exists (select 1 from kept)`;
    const [row] = rowsOf<Partial<ExistingRow> & { kept: boolean }>(
      await db.execute(sql`
        with kept as (
          insert into idempotency_keys
            (key, scope, request_hash, state, holder, response_status, response_body, completed_at)
          values (${storedKey}, ${key.scope}, ${key.requestHash}, 'completed', ${THIS_INSTANCE},
            ${refusal.status}, ${JSON.stringify(refusal.body)}::jsonb, now())
          on conflict do nothing
          returning key
        )
        select ${kept} as kept,
          existing.key, existing.request_hash, existing.state, existing.response_status,
          existing.response_body, existing.placer_customer_id, existing.placer_browser_key_hash
        from (select 1) as one
        left join idempotency_keys as existing on existing.key = ${storedKey} and not ${kept}`),
    );
    if (row!.kept) return refusal;
    // Committed after this statement's snapshot was taken: read it again.
    existing = row!.key ? (row as ExistingRow) : await existingKey(db, storedKey);
    if (!existing) return answerOfKey(db, key, refusal);
  } else {
    existing = await existingKey(db, storedKey);
    if (!existing) return undefined;
  }
  const stored = await resumeClaim(db, existing, key.requestHash, undefined);
  if (stored) return stored;
  // Left 'processing' by a claim whose run died, and taken over just now: freed, so the retry runs.
  await releaseIdempotencyKey(db, key.scope, key.key);
  throw inProgress();
}

/** A refusal as the answer a repeated request gets. */
export function errorResponse(error: AppError): StoredResponse {
  const body: ErrorBody = { code: error.code, message: error.message, ...error.details };
  if (error.field) body.field = error.field;
  return { status: error.status, body };
}

// Past this a key left "processing" by a live instance waits for ABANDONED_AFTER_MS instead; a
// minute is well inside it, so a late release can never free a later run's claim.
const RELEASE_RETRY_FOR_MS = 60_000;
const RELEASE_RETRY_EVERY_MS = 1000;

/**
 * Frees a key after its run failed. When the failure was the database going away, the release
 * fails too; it is tried again each second until the database is back, so the shopper's retry
 * is run then, not told "already being placed" until the key is abandoned.
 */
export async function freeIdempotencyKey(
  db: Database,
  scope: string,
  key: string,
  until = Date.now() + RELEASE_RETRY_FOR_MS,
): Promise<void> {
  try {
    await releaseIdempotencyKey(db, scope, key);
  } catch (error) {
    if (!isDatabaseUnreachable(error) || Date.now() >= until) return;
    setTimeout(
      () => void freeIdempotencyKey(db, scope, key, until),
      RELEASE_RETRY_EVERY_MS,
    ).unref();
  }
}

/** Frees a key after an unexpected failure, so the shopper's retry runs the workflow again. */
export async function releaseIdempotencyKey(
  db: Database,
  scope: string,
  key: string,
): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.key, `${scope}:${key}`),
        eq(idempotencyKeys.holder, THIS_INSTANCE),
        eq(idempotencyKeys.state, "processing"),
      ),
    );
}

/**
 * A payment workflow run once per key: a repeat gets the first answer, a refusal (AppError) is
 * stored as the answer, and an unexpected failure runs `undo` (say, a refund) and frees the key
 * so the shopper's retry runs the workflow again. Whatever happens, the key never stays
 * "processing" after the run. A workflow that succeeds completes the key
 * itself, atomically with what it wrote.
 */
export async function runOncePerKey(
  db: Database,
  key: { scope: string; key: string; requestHash: string; placer?: KeyPlacer },
  workflow: (claimed: ClaimedWith) => Promise<StoredResponse>,
  undo: () => Promise<void>,
  also?: WithClaim,
): Promise<StoredResponse> {
  const claim = await claimIdempotencyKey(
    db,
    key.scope,
    key.key,
    key.requestHash,
    key.placer,
    also,
  );
  if (claim.stored) return claim.stored;
  try {
    return await workflow(claim.with);
  } catch (error) {
    // Thought dead and taken over: the run that took the key answers; this one wrote nothing.
    if (error instanceof ClaimLost) throw inProgress();
    if (error instanceof AppError) {
      const response = errorResponse(error);
      try {
        await completeIdempotencyKey(db, key.scope, key.key, response);
      } catch {
        // The refusal could not be kept: free the key, so a retry is answered, not "in progress".
        await freeIdempotencyKey(db, key.scope, key.key);
      }
      return response;
    }
    await undo().catch(() => {});
    await freeIdempotencyKey(db, key.scope, key.key);
    throw error;
  }
}

/**
 * Deletes up to `batch` records made before `before`. A record holds a whole answer (an order
 * with the shopper's name and address), and a key is only ever repeated by a client retrying
 * within minutes; rows another instance holds are skipped. Answers how many went.
 */
export const pruneIdempotencyKeys = (db: Database, before: Date, batch: number) =>
  deleteOlderInBatch(
    db,
    { table: idempotencyKeys, key: idempotencyKeys.key, age: idempotencyKeys.createdAt },
    before,
    batch,
  );

import { APIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  SIGN_IN_GUARD,
  SIGN_IN_REFUSAL,
  signInDelayMs,
} from "../../../shared/rules/sign-in-guard.ts";
import { type Database, rowsOf } from "../../db/client.ts";
import { rateLimitKey } from "../../http/client-address.ts";
import { servesHttps } from "../../http/store-origins.ts";
import { waitText } from "../../http/wait-text.ts";
import { type DeviceTrust, deviceTrust } from "./trusted-device.ts";

// Password sign-in's limits (decision 40). Failures are counted per account and client, so a
// guesser slows down only themself: each failure past the first few makes that client wait
// twice as long before the next try at that account, while the owner signing in from anywhere
// else is not held up. A device the account trusts (it signed in before) is its own client and
// skips the limits that count addresses, so the owner gets in from it even behind the guesser's
// own address. Per address, across accounts, one client cannot try account after account; per
// account, across clients, many addresses guessing together close the account to every device
// it does not trust until the window ends.
//
// Every attempt is counted as a failure before the password is checked, so attempts sent at
// once cannot all pass before one is recorded; the answer then settles it: a right password
// takes its count back (it is no failure) and clears that client's failures. All counters are
// rows of `rate_limits`, shared by every instance on the database: a fixed window per key
// (`count`, `window_started_at`); for a client at an account the window's start is its last
// failure, and its wait is `signInDelayMs(count)` from there.

/** What the store needs to guard sign-ins and warn about them. */
export type SignInGuardDeps = {
  db: Database;
  /** The store's secret: trusted-device cookies are signed under a key made from it. */
  secret: string;
  publicUrl: string;
};

/** A failed sign-in that made an account's failures reach the warning's count. */
export type SignInWarningEvent = {
  /** The request's body: the account as the guesser named it (look it up; never show it). */
  body: unknown;
  /** The network address the failure came from. */
  address: string;
  at: Date;
  /** Claims the account's one warning of the hour; false when it was sent already. */
  firstThisHour: () => Promise<boolean>;
};

/** Tells an account's owner (or the staff) about repeated failed sign-ins. */
export type SignInWarner = (deps: SignInGuardDeps, event: SignInWarningEvent) => Promise<void>;

export type GuardedSignIn = {
  /** Keeps the counters of one sign-in (the customers', the staff's) apart. */
  namespace: string;
  /** The trusted-device cookie's name (`__Host-` is added under https). */
  deviceCookie: string;
  warn: SignInWarner;
};

/** How the answer to a counted attempt turned out. */
export type Outcome = "failure" | "success" | "other";

/** What an answer's status says of the password it checked. */
export function outcomeOf(status: number | undefined): Outcome {
  if (status === 401) return "failure";
  if (status !== undefined && status >= 200 && status < 300) return "success";
  // Refused before the password was checked (a malformed body), or the store failed: no guess.
  return "other";
}

type Counter = { key: string; windowStartedAt: number; count: number };

const refusal = (waitMs: number) =>
  new APIError(
    "TOO_MANY_REQUESTS",
    {
      code: "RATE_LIMITED",
      message: `${SIGN_IN_REFUSAL} Please try again in ${waitText(waitMs)}.`,
    },
    { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) },
  );

/** The wait after `count` failures, in SQL, for the row aliased `r`. */
const delaySql = () => {
  const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_GUARD;
  return sql`(case when r.count < ${freeFailures}::int then 0
    else least(${maxDelayMs}::float8,
      ${firstDelayMs}::float8 * power(2::float8, least(r.count - ${freeFailures}::int, 30)))
    end)`;
};

function counters(db: Database) {
  /** Counts one in a fixed window; answers the count and when its window began. */
  async function count(key: string, windowMs: number, now: number): Promise<Counter> {
    const result = await db.execute(sql`
      insert into rate_limits as r (key, count, window_started_at)
      values (${key}, 1, ${now}::bigint)
      on conflict (key) do update set
        count = case when r.window_started_at + ${windowMs}::bigint <= ${now}::bigint
                     then 1 else r.count + 1 end,
        window_started_at = case when r.window_started_at + ${windowMs}::bigint <= ${now}::bigint
                     then ${now}::bigint else r.window_started_at end
      returning count, window_started_at`);
    const row = rowsOf<{ count: number; window_started_at: string }>(result)[0]!;
    return { key, count: Number(row.count), windowStartedAt: Number(row.window_started_at) };
  }

  /** Takes back one count, if its window is still the one it was counted in. */
  async function takeBack(counter: Counter): Promise<void> {
    await db.execute(sql`
      update rate_limits set count = count - 1
      where key = ${counter.key} and window_started_at = ${counter.windowStartedAt}::bigint
        and count > 0`);
  }

  /**
   * Counts a failure of one client at one account, unless the client still has to wait: in one
   * statement, so of attempts sent at once only those the wait allows get through.
   */
  async function claimTry(key: string, now: number): Promise<number | undefined> {
    const forget = SIGN_IN_GUARD.forgetAfterMs;
    const result = await db.execute(sql`
      insert into rate_limits as r (key, count, window_started_at)
      values (${key}, 1, ${now}::bigint)
      on conflict (key) do update set
        count = case when r.window_started_at + ${forget}::bigint <= ${now}::bigint
                     then 1 else r.count + 1 end,
        window_started_at = ${now}::bigint
      where r.window_started_at + ${forget}::bigint <= ${now}::bigint
         or r.window_started_at + ${delaySql()} <= ${now}::bigint
      returning count`);
    const row = rowsOf<{ count: number }>(result)[0];
    return row ? Number(row.count) : undefined;
  }

  /** How long the client still has to wait (its try was refused). */
  async function waitOf(key: string, now: number): Promise<number> {
    const result = await db.execute(
      sql`select count, window_started_at from rate_limits where key = ${key}`,
    );
    const row = rowsOf<{ count: number; window_started_at: string }>(result)[0];
    if (!row) return 1000;
    const wait = Number(row.window_started_at) + signInDelayMs(Number(row.count)) - now;
    return Math.max(wait, 1000);
  }

  return {
    count,
    takeBack,
    claimTry,
    waitOf,
    /** The client's wait runs from the end of its failed attempt, not its start. */
    failed: (key: string, now: number) =>
      db.execute(sql`
        update rate_limits set window_started_at = greatest(window_started_at, ${now}::bigint)
        where key = ${key}`),
    /** A right password: the client starts again with no failures. */
    cleared: (key: string) => db.execute(sql`delete from rate_limits where key = ${key}`),
    /**
     * Not a guess after all (a malformed body, a refusal by another limit). The client's wait now
     * runs from this attempt: a request that checked no password costs it at most one more wait.
     */
    notFailed: (key: string) =>
      db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`),
  };
}

export type SignInGuard = {
  trust: DeviceTrust;
  /**
   * Before the password is checked: throws a 429 when this client, address or account has to
   * wait, or counts the attempt as a failure and answers how to settle it once answered.
   */
  claim(request: FastifyRequest, account: string, body: unknown): Promise<Settle>;
};

export type Settle = (outcome: Outcome) => Promise<void>;

export function createSignInGuard(set: GuardedSignIn, deps: SignInGuardDeps): SignInGuard {
  const trust = deviceTrust(deps.secret, {
    namespace: set.namespace,
    cookie: set.deviceCookie,
    secure: servesHttps(deps.publicUrl),
  });
  const counts = counters(deps.db);
  const { perAddress, perAccount, warnAtFailures, warnEveryMs } = SIGN_IN_GUARD;
  const keyOf = (...parts: string[]) => ["sign-in", set.namespace, ...parts].join(":");

  async function claim(request: FastifyRequest, account: string, body: unknown): Promise<Settle> {
    const now = Date.now();
    const address = rateLimitKey(request.ip);
    const device = trust.read(request.cookies[trust.cookieName], now);
    const trusted = trust.trusts(device, account);
    const client = trusted ? `device:${device!.id}` : `address:${address}`;
    const tryKey = keyOf("client", account, client);

    // The client's own wait first: a refused guess costs two statements and counts nowhere.
    const tries = await counts.claimTry(tryKey, now);
    if (tries === undefined) throw refusal(await counts.waitOf(tryKey, now));
    const claimed: Counter[] = [];
    const refuse = async (counter: Counter, windowMs: number) => {
      await Promise.all([counts.notFailed(tryKey), ...claimed.map(counts.takeBack)]);
      await counts.takeBack(counter);
      throw refusal(counter.windowStartedAt + windowMs - now);
    };
    // A trusted device is not held by its address's or its account's other clients.
    if (!trusted) {
      const byAddress = await counts.count(keyOf("address", address), perAddress.windowMs, now);
      if (byAddress.count > perAddress.max) await refuse(byAddress, perAddress.windowMs);
      claimed.push(byAddress);
    }
    const byAccount = await counts.count(keyOf("account", account), perAccount.windowMs, now);
    if (!trusted && byAccount.count > perAccount.max) await refuse(byAccount, perAccount.windowMs);
    claimed.push(byAccount);

    return async (outcome) => {
      if (outcome === "failure") {
        await counts.failed(tryKey, Date.now());
        if (byAccount.count < warnAtFailures) return;
        // The answer goes out whether or not the warning could be written.
        await set
          .warn(deps, {
            body,
            address: request.ip,
            at: new Date(now),
            firstThisHour: async () =>
              (await counts.count(keyOf("warned", account), warnEveryMs, now)).count === 1,
          })
          .catch((error: unknown) =>
            request.log.error({ err: error }, "the sign-in warning could not be sent"),
          );
        return;
      }
      await Promise.all([
        outcome === "success" ? counts.cleared(tryKey) : counts.notFailed(tryKey),
        ...claimed.map(counts.takeBack),
      ]);
    };
  }

  return { trust, claim };
}

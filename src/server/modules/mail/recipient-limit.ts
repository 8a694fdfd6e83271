import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
import {
  type CountRow,
  countsInStatements,
  type StatementCount,
} from "../../http/rate-limit-store.ts";
import type { App } from "../../http/types.ts";
import { waitText } from "../../http/wait-text.ts";
import { inboxOf } from "./inbox.ts";

/**
 * Mail the store sends to whatever address a form names (a support or bulk request's
 * acknowledgement, a guest's order confirmation) is limited per recipient, whoever sends the
 * forms and from however many network addresses: nobody's inbox can be filled with the store's
 * mail by someone else. Counted across all three forms together.
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 5;
const HOUR = 60 * 60 * 1000;

const refusal = (wait: string) =>
  `We have already sent ${MAILS_PER_RECIPIENT_PER_HOUR} emails to this address in the last hour, so we are not sending more for now. Please try again in ${wait}, or sign in to use your account's verified email.`;

/** The inbox as the counter knows it: hashed, so the table holds no list of addresses. */
const recipientKey = (email: string) =>
  createHash("sha256").update(inboxOf(email)).digest("base64url");

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * One email's count, made to go with a statement the request sends anyway (checkout's key claim).
 * `query` is that count's part of the statement; there is none when the count is kept in memory
 * or the address is not counted. `settle` refuses with a 429 past the limit: from the row the
 * statement returned, or, given none (the statement did not count), by counting then.
 */
export type StatementMailCount = {
  query?: (onlyIf: SQL) => SQL;
  settle(row: CountRow | undefined): Promise<void>;
};

export type RecipientLimit = {
  /** Counts one email to `email`, or refuses the request with a 429. */
  check(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
  /** The same as a route's preHandler, for a body that names the address. */
  preHandler<Body>(emailOf: (body: Body) => string): PreHandler;
  /** The same count, sent with one of the request's own statements (StatementMailCount). */
  inStatement(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
  ): Promise<StatementMailCount>;
};

/**
 * One counter in the app's rate-limit store (the database when instances share it), made once so
 * every form adds to the same count. A form checks it before anything is written or charged: as
 * a preHandler, or (checkout) first thing in the work an Idempotency-Key runs once, so a replay
 * is answered as the first attempt was and is not counted again. A signed-in customer's own
 * verified address asked for the store's mail and is not counted.
 */
export function recipientMailLimit(
  app: App,
  ownVerifiedEmail: (request: FastifyRequest) => Promise<string | null>,
): RecipientLimit {
  const keys = new WeakMap<FastifyRequest, string>();
  const keyOf = (email: string) => `mail-to:${recipientKey(email)}`;
  // Told by a store that counts in the database how to count inside another statement.
  let countOf: ((key: string) => StatementCount) | undefined;
  const count = app.createRateLimit({
    max: MAILS_PER_RECIPIENT_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => keys.get(request)!,
    ...countsInStatements((counter) => {
      countOf = counter;
    }),
  });
  const refuse = (reply: FastifyReply, ttl: number) => {
    reply.header("retry-after", Math.ceil(ttl / 1000));
    throw new AppError("RATE_LIMITED", refusal(waitText(ttl)));
  };
  /** The inbox `address` reaches, or undefined when it is the signed-in customer's own. */
  const counted = async (request: FastifyRequest, address: string) => {
    const email = address.trim().toLowerCase();
    const own = await ownVerifiedEmail(request);
    return own && own.trim().toLowerCase() === email ? undefined : email;
  };
  const check: RecipientLimit["check"] = async (request, reply, address) => {
    const email = await counted(request, address);
    if (email === undefined) return;
    keys.set(request, keyOf(email));
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttl);
  };
  return {
    check,
    preHandler: (emailOf) => (request, reply) =>
      check(request, reply, emailOf(request.body as never)),
    async inStatement(request, reply, address) {
      const email = await counted(request, address);
      const inDatabase = email === undefined ? undefined : countOf?.(keyOf(email));
      if (!inDatabase) return { settle: () => check(request, reply, address) };
      return {
        query: inDatabase.query,
        async settle(row) {
          if (!row) return check(request, reply, address);
          const { current, ttl } = inDatabase.result(row);
          if (current > MAILS_PER_RECIPIENT_PER_HOUR) refuse(reply, ttl);
        },
      };
    },
  };
}

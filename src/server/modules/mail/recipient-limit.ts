import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/app-error.ts";
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
export type RecipientLimit = {
  /** Counts one email to `email`, or refuses the request with a 429. */
  check(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
  /** The same as a route's preHandler, for a body that names the address. */
  preHandler<Body>(emailOf: (body: Body) => string): PreHandler;
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
  const count = app.createRateLimit({
    max: MAILS_PER_RECIPIENT_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => `mail-to:${keys.get(request)}`,
  });
  const check: RecipientLimit["check"] = async (request, reply, address) => {
    const email = address.trim().toLowerCase();
    const own = await ownVerifiedEmail(request);
    if (own && own.trim().toLowerCase() === email) return;
    keys.set(request, recipientKey(email));
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw new AppError("RATE_LIMITED", refusal(waitText(result.ttl)));
    }
  };
  return {
    check,
    preHandler: (emailOf) => (request, reply) =>
      check(request, reply, emailOf(request.body as never)),
  };
}

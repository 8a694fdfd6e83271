import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "../../../shared/contracts/account.ts";
import {
  ACCOUNT_DELETION_API,
  accountDeletionSchema,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../shared/contracts/account-deletion.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { forgetBrowserKey } from "../../http/browser-key.ts";
import { requestLocale } from "../../http/request-locale.ts";
import { servesHttps } from "../../http/store-origins.ts";
import type { App } from "../../http/types.ts";
import { waitText } from "../../http/wait-text.ts";
import type { CustomerSessionOf } from "../auth/index.ts";
import {
  AUTH_LIMITS,
  type AuthAction,
  checkPassword,
  codeMail,
  mailLanguage,
  signedInCustomerOf,
} from "../auth/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { accountDeletedMail } from "./account-deleted-mail.ts";
import { eraseAccount, lockAccount, refuseWhileOpen } from "./account-deletion.ts";
import { type CodeCheck, deletionCodes } from "./account-deletion-codes.ts";

const tags = ["account"];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
};

/** The limits one of the account endpoints keeps (auth-limits.ts), per address and per account. */
function limitsOf(action: AuthAction) {
  const { limits } = AUTH_LIMITS[action];
  const address = limits.find((limit) => limit.per === "address")!;
  return {
    perAddress: { max: address.max, timeWindow: address.windowMs },
    perAccount: limits.filter((limit) => limit.per === "account"),
  };
}

/**
 * A password or code guess here costs what a signed-in account's password asked again costs:
 * its limit per account and a password change's per client address; a code is sent as often as
 * any other code. Every attempt counts.
 */
const LIMITS = {
  delete: {
    refusal: WORDS.tooManyAttempts,
    perAddress: limitsOf("passwordChange").perAddress,
    perAccount: limitsOf("passwordConfirm").perAccount,
  },
  code: { refusal: WORDS.tooManyCodes, ...limitsOf("codeRequest") },
};

type Deps = {
  db: Database;
  sessionOf: CustomerSessionOf;
  /** The store's secret: codes are stored as an HMAC under a key made from it. */
  secret: string;
  publicUrl: string;
};

/** Delete my account: a code by email, then the deletion with the password or that code. */
export function accountDeletionRoutes(app: App, deps: Deps) {
  const { db } = deps;
  const codes = deletionCodes(deps.secret);
  const secure = servesHttps(deps.publicUrl);
  const customerOf = signedInCustomerOf;

  /** After the customer guard has turned guests away, the account's own limits count. */
  const guard = (action: keyof typeof LIMITS) => {
    const { refusal, perAccount } = LIMITS[action];
    const counters = perAccount.map((limit, index) =>
      app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request) => `account-deletion:${action}:${index}:${customerOf(request)}`,
      }),
    );
    return async (request: FastifyRequest) => {
      for (const count of counters) {
        const result = await count(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError(
            "RATE_LIMITED",
            `${refusal} Please try again in ${waitText(result.ttl)}.`,
          );
        }
      }
    };
  };

  app.post(
    ACCOUNT_DELETION_API.code,
    {
      config: {
        customer: { signedIn: "account", beforeBody: true },
        rateLimit: LIMITS.code.perAddress,
      },
      onRequest: guard("code"),
      schema: {
        tags,
        summary: "Email a code that confirms deleting the account (one per 30 s)",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const customerId = customerOf(request);
      await db.transaction(async (tx) => {
        const account = await lockAccount(tx, customerId);
        if (!account) throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.signInFirst);
        const code = await codes.issue(tx, customerId);
        const language = mailLanguage(account.locale, requestLocale(request));
        await enqueueMail(
          tx,
          codeMail("delete-account", account.email, code, deps.publicUrl, language),
        );
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    ACCOUNT_DELETION_API.delete,
    {
      config: {
        customer: { signedIn: "account", beforeBody: true },
        rateLimit: LIMITS.delete.perAddress,
      },
      onRequest: guard("delete"),
      schema: {
        tags,
        summary:
          "Delete the account for good, confirmed with the password or an emailed code: the account is erased, its orders anonymised (GST keeps the invoices), every session ends",
        body: accountDeletionSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const customerId = customerOf(request);
      const { password, code } = request.body;
      if (password !== undefined) {
        // Outside the transaction: argon2id takes a while and needs no lock.
        const check = await checkPassword(db, customerId, password);
        if (check === "none") throw new AppError("BAD_REQUEST", WORDS.noPassword, "password");
        if (check === "wrong") throw new AppError("BAD_REQUEST", WORDS.wrongPassword, "password");
      }
      const outcome = await db.transaction(async (tx) => {
        const account = await lockAccount(tx, customerId);
        if (!account) throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.signInFirst);
        // Refused before the code is looked at, and rolled back: the code still works later.
        await refuseWhileOpen(tx, account);
        if (code !== undefined) {
          const check = await codes.check(tx, customerId, code);
          // A wrong guess must commit (it is counted), so it is answered after the transaction.
          if (check !== "right") return check;
        }
        await eraseAccount(tx, account);
        // After the erasure, which blanks every mail to this address, the one that must go out.
        const language = mailLanguage(account.locale, requestLocale(request));
        await enqueueMail(tx, accountDeletedMail(account, deps.publicUrl, language));
        return "deleted" as const;
      });
      if (outcome !== "deleted") throw codeRefusal(outcome);
      endSessionCookies(reply, secure);
      return reply.code(204).send(null);
    },
  );
}

function codeRefusal(check: Exclude<CodeCheck, "right">) {
  return new AppError(
    "BAD_REQUEST",
    check === "used-up" ? WORDS.codeUsedUp : WORDS.wrongCode,
    "code",
  );
}

/**
 * The browser drops Better Auth's session cookies (named as auth.ts names them) and, as at
 * sign-out, its access key to guest orders: a shared computer keeps nothing of the account.
 */
function endSessionCookies(reply: FastifyReply, secure: boolean) {
  const prefix = secure ? "__Host-fhh" : "fhh";
  for (const name of ["session_token", "session_data", "dont_remember"]) {
    reply.clearCookie(`${prefix}.${name}`, { path: "/", secure, httpOnly: true, sameSite: "lax" });
  }
  forgetBrowserKey(reply, secure);
}

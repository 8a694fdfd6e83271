import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ACCOUNT_API,
  ACCOUNT_MESSAGES,
  accountLanguageSchema,
  accountSessionsSchema,
  profileInputSchema,
  profileSchema,
  RECENT_SIGN_IN_MINUTES,
  sessionParamsSchema,
  setPasswordSchema,
} from "../../../shared/contracts/account.ts";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { fill } from "../../../shared/i18n/fill.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { requestLocale } from "../../http/request-locale.ts";
import type { App } from "../../http/types.ts";
import type { CustomerSessionOf } from "../auth/index.ts";
import {
  accountMailLanguage,
  endOtherSessions,
  endSession,
  hashPassword,
  rememberLanguage,
  setFirstPassword,
  signedInRecently,
  updateProfile,
} from "../auth/index.ts";
import { collectAccountData } from "./account-data.ts";
import { listSessions, readProfile } from "./account-store.ts";

const tags = ["account"];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
// A person edits their own account a few times a minute at most.
const writeLimit = { rateLimit: { max: 30, timeWindow: 60 * 1000 } };

type AccountDeps = {
  db: Database;
  sessionOf: CustomerSessionOf;
  /** Queues the email telling the owner a password was set on their account, in `locale`. */
  passwordSet: (user: { email: string; name: string }, locale: Locale) => Promise<void>;
};

/** The signed-in customer's own account: profile, first password and signed-in devices. */
export function accountRoutes(app: App, deps: AccountDeps) {
  const { db } = deps;
  // Every route here declares a signed-in customer: the guard has turned guests away.
  const signedIn = async (request: FastifyRequest) => {
    const session = await deps.sessionOf(request);
    if (!session) throw new Error("an account route without the customer guard");
    return session;
  };

  app.get(
    ACCOUNT_API.profile,
    {
      config: { customer: { signedIn: "account" }, private: true },
      schema: {
        tags,
        summary: "The signed-in customer's name, email and whether they have a password",
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { customerId } = await signedIn(request);
      const profile = await readProfile(db, customerId);
      if (!profile) throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.signInFirst);
      return profile;
    },
  );

  app.put(
    ACCOUNT_API.profile,
    {
      config: { ...writeLimit, customer: { signedIn: "account" } },
      schema: {
        tags,
        summary: "Change the name and mobile number on the account",
        body: profileInputSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => {
      const { customerId } = await signedIn(request);
      await updateProfile(db, customerId, request.body);
      return (await readProfile(db, customerId))!;
    },
  );

  app.put(
    ACCOUNT_API.language,
    {
      config: { ...writeLimit, customer: { signedIn: "account" } },
      schema: {
        tags,
        summary:
          "Remember the storefront language the customer chose: a sign-in on another browser that never chose one opens in it",
        body: accountLanguageSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { customerId } = await signedIn(request);
      await rememberLanguage(db, customerId, request.body.locale);
      return reply.code(204).send(null);
    },
  );

  app.post(
    ACCOUNT_API.setPassword,
    {
      config: { ...writeLimit, customer: { signedIn: "account" } },
      schema: {
        tags,
        summary:
          "Set a first password on an account made with Google or OIDC; signs out every other device",
        body: setPasswordSchema,
        response: { 204: z.null(), 403: errorBodySchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { customerId, sessionId, signedInAt } = await signedIn(request);
      // No password to ask for: only a recent sign-in stands for the owner, not an open session.
      if (!signedInRecently(signedInAt)) {
        throw new AppError(
          "FORBIDDEN",
          fill(ACCOUNT_MESSAGES.signInAgain, { minutes: RECENT_SIGN_IN_MINUTES }),
        );
      }
      const hash = await hashPassword(request.body.newPassword);
      if (!(await setFirstPassword(db, customerId, hash))) {
        throw new AppError("CONFLICT", ACCOUNT_MESSAGES.passwordAlreadySet);
      }
      // As with a change: a session opened by whoever had the outside account ends with it.
      await endOtherSessions(db, customerId, sessionId);
      const profile = await readProfile(db, customerId);
      const language = await accountMailLanguage(db, { id: customerId }, requestLocale(request));
      if (profile) await deps.passwordSet(profile, language);
      return reply.code(204).send(null);
    },
  );

  app.get(
    ACCOUNT_API.data,
    {
      // Each download reads every order and ticket of the account.
      config: {
        customer: { signedIn: "account" },
        private: true,
        rateLimit: { max: 10, timeWindow: 60 * 1000 },
      },
      schema: {
        tags,
        summary:
          "Download everything kept about the account as JSON: account, addresses, orders with ratings, tickets, bulk requests",
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { customerId } = await signedIn(request);
      const data = await collectAccountData(db, customerId);
      if (!data) throw new AppError("UNAUTHORIZED", ACCOUNT_MESSAGES.signInFirst);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="fresh-harvest-hub-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.get(
    ACCOUNT_API.sessions,
    {
      config: { customer: { signedIn: "account" }, private: true },
      schema: {
        tags,
        summary: "The devices signed in to the account, this one marked",
        response: { 200: accountSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const { customerId, sessionId } = await signedIn(request);
      return { sessions: await listSessions(db, customerId, sessionId) };
    },
  );

  app.delete(
    "/api/account/sessions/:id",
    {
      config: { ...writeLimit, customer: { signedIn: "account" } },
      schema: {
        tags,
        summary: "Sign one device out (another customer's session is not found)",
        params: sessionParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { customerId } = await signedIn(request);
      if (!(await endSession(db, customerId, request.params.id))) {
        throw new AppError("NOT_FOUND", ACCOUNT_MESSAGES.noSession);
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    ACCOUNT_API.signOutOthers,
    {
      config: { ...writeLimit, customer: { signedIn: "account" } },
      schema: {
        tags,
        summary: "Sign every other device out",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { customerId, sessionId } = await signedIn(request);
      await endOtherSessions(db, customerId, sessionId);
      return reply.code(204).send(null);
    },
  );
}

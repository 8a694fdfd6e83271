import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import {
  mailAttachmentParamsSchema,
  mailboxSchema,
  mailDetailSchema,
  mailParamsSchema,
} from "../../../shared/contracts/mailbox.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import {
  contentDisposition,
  listMailbox,
  readMailAttachment,
  readMailDetail,
} from "./mailbox-service.ts";

/** Attachment contents are stored as UTF-8 text; say so for text types that do not. */
const withCharset = (contentType: string) =>
  /^text\//i.test(contentType) && !/charset=/i.test(contentType)
    ? `${contentType}; charset=utf-8`
    : contentType;

/** The demo's mailbox: every mail the store wrote, readable in the browser at /dev/mailbox. */
export function mailboxRoutes(app: App, db: Database, config: Pick<Config, "demoMode">) {
  // Outside demo mode the mailbox does not exist, and the API document does not mention it.
  const requireDemoMode = async () => {
    if (!config.demoMode) {
      throw new AppError("NOT_FOUND", "The mailbox is only available in demo mode");
    }
  };
  const common = { onRequest: requireDemoMode } as const;
  const hide = !config.demoMode;

  app.get(
    "/api/dev/mailbox",
    {
      config: { public: true },
      ...common,
      schema: {
        hide,
        tags: ["dev"],
        summary: "Demo mode: the newest 50 emails in the outbox",
        response: { 200: mailboxSchema, 404: errorBodySchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { messages: await listMailbox(db) };
    },
  );

  app.get(
    "/api/dev/mailbox/:id",
    {
      config: { public: true },
      ...common,
      schema: {
        hide,
        tags: ["dev"],
        summary: "Demo mode: one email with its bodies",
        params: mailParamsSchema,
        response: { 200: mailDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return readMailDetail(db, request.params.id);
    },
  );

  app.get(
    "/api/dev/mailbox/:id/attachments/:index",
    {
      config: { public: true },
      ...common,
      schema: {
        hide,
        tags: ["dev"],
        summary: "Demo mode: download one attachment of an email",
        params: mailAttachmentParamsSchema,
        response: {
          200: z.unknown().describe("The file, with its own content type"),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const attachment = await readMailAttachment(db, request.params.id, request.params.index);
      return (
        reply
          .header("content-type", withCharset(attachment.contentType))
          .header("content-disposition", contentDisposition(attachment.filename))
          // The file is mail content, not our page: never run it in the store's origin.
          .header("content-security-policy", "sandbox; default-src 'none'")
          .header("cache-control", "no-store")
          .send(Buffer.from(attachment.content, "utf8"))
      );
    },
  );
}

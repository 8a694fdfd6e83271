import { z } from "zod";
import {
  SAVED_REPLIES_API,
  savedRepliesSchema,
  savedReplyInputSchema,
  savedReplyParamSchema,
  savedReplySchema,
} from "../../../shared/contracts/saved-replies.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { staffRouteParts } from "../staff/index.ts";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
  updateSavedReply,
} from "./saved-replies.ts";

const { staff, tags, errors } = staffRouteParts("customer-relations");
const one = `${SAVED_REPLIES_API}/:id`;

/** The desk's saved replies: list, write, edit, delete. */
export function savedRepliesRoutes(app: App, db: Database) {
  app.get(
    SAVED_REPLIES_API,
    {
      config: staff,
      schema: {
        tags,
        summary: "The desk's saved replies, by title",
        response: { 200: savedRepliesSchema, ...errors },
      },
    },
    async () => listSavedReplies(db),
  );

  app.post(
    SAVED_REPLIES_API,
    {
      config: staff,
      schema: {
        tags,
        summary: "Save a reply for the desk: a title and a text with {name}, {order}, {ticket}",
        body: savedReplyInputSchema,
        response: { 201: savedReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSavedReply(db, request, request.body)),
  );

  app.put(
    one,
    {
      config: staff,
      schema: {
        tags,
        summary: "Edit a saved reply",
        params: savedReplyParamSchema,
        body: savedReplyInputSchema,
        response: { 200: savedReplySchema, ...errors },
      },
    },
    async (request) => updateSavedReply(db, request, request.params.id, request.body),
  );

  app.delete(
    one,
    {
      config: staff,
      schema: {
        tags,
        summary: "Delete a saved reply",
        params: savedReplyParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedReply(db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

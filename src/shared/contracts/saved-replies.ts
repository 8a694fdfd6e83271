// The desk's saved replies (/api/staff/customer-relations/saved-replies): text Customer
// Relations writes once and inserts into replies, with placeholders filled from the ticket
// (rules/reply-placeholders.ts). Shared by the whole desk.
import { z } from "zod";
import { CUSTOMER_RELATIONS_API } from "./support-inbox.ts";

export const SAVED_REPLIES_API = `${CUSTOMER_RELATIONS_API}/saved-replies`;

export const SAVED_REPLY_TITLE_MAX = 80;
/** Well inside a reply's own cap, so a saved reply always leaves room to add a line. */
export const SAVED_REPLY_BODY_MAX = 2000;

export const SAVED_REPLY_MESSAGES = {
  noTitle: "Please give the saved reply a title",
  titleTooLong: `A title can be at most ${SAVED_REPLY_TITLE_MAX} characters`,
  noBody: "Please write the reply's text",
  bodyTooLong: `A saved reply can be at most ${SAVED_REPLY_BODY_MAX.toLocaleString("en-IN")} characters`,
  notFound: "That saved reply is gone: someone may have deleted it.",
} as const;

const M = SAVED_REPLY_MESSAGES;

export const savedReplyInputSchema = z
  .object({
    title: z
      .string({ message: M.noTitle })
      .trim()
      .min(1, M.noTitle)
      .max(SAVED_REPLY_TITLE_MAX, M.titleTooLong),
    body: z
      .string({ message: M.noBody })
      .trim()
      .min(1, M.noBody)
      .max(SAVED_REPLY_BODY_MAX, M.bodyTooLong),
  })
  .strict();
export type SavedReplyInput = z.infer<typeof savedReplyInputSchema>;

export const savedReplyParamSchema = z.object({
  id: z.coerce
    .number({ message: "The saved reply's id must be a number" })
    .int("The saved reply's id must be a whole number")
    .min(1, "The saved reply's id must be a whole number")
    .max(2_147_483_647, "There is no saved reply with that id"),
});

export const savedReplySchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** Who wrote or last edited it, and when. */
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;

export const savedRepliesSchema = z.object({ replies: z.array(savedReplySchema) });

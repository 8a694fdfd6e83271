// The desk's saved replies: shared by every Customer Relations member; each write audited and
// told to the other desks' screens in its transaction.
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  SAVED_REPLY_MESSAGES,
  type SavedReply,
  type SavedReplyInput,
} from "../../../shared/contracts/saved-replies.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { notFound } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { recordAudit, staffMemberOf } from "../staff/index.ts";
import { supportSavedReplies as saved } from "./schema.ts";

type Row = typeof saved.$inferSelect;

const viewOf = (row: Row): SavedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
});

const told = (tx: Transaction) =>
  notifyStaff(tx, { topic: LIVE_TOPICS.savedReplies, dashboards: ["customer-relations"] });

export async function listSavedReplies(db: Database): Promise<{ replies: SavedReply[] }> {
  const rows = await db
    .select()
    .from(saved)
    .orderBy(asc(sql`lower(${saved.title})`), asc(saved.id));
  return { replies: rows.map(viewOf) };
}

export async function createSavedReply(
  db: Database,
  request: FastifyRequest,
  input: SavedReplyInput,
): Promise<SavedReply> {
  const member = staffMemberOf(request);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(saved)
      .values({ ...input, updatedBy: member.name })
      .returning();
    await recordAudit(tx, request, {
      action: "saved_reply.create",
      targetType: "saved_reply",
      targetId: String(row!.id),
      after: { title: row!.title },
    });
    await told(tx);
    return viewOf(row!);
  });
}

/** An edit that changes nothing writes nothing, and records nothing. */
export async function updateSavedReply(
  db: Database,
  request: FastifyRequest,
  id: number,
  input: SavedReplyInput,
): Promise<SavedReply> {
  const member = staffMemberOf(request);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(saved).where(eq(saved.id, id)).for("update");
    if (!before) throw notFound(SAVED_REPLY_MESSAGES.notFound);
    if (before.title === input.title && before.body === input.body) return viewOf(before);
    const [row] = await tx
      .update(saved)
      .set({ ...input, updatedBy: member.name, updatedAt: sql`now()` })
      .where(eq(saved.id, id))
      .returning();
    await recordAudit(tx, request, {
      action: "saved_reply.update",
      targetType: "saved_reply",
      targetId: String(id),
      before: { title: before.title },
      after: { title: row!.title, bodyChanged: before.body !== row!.body },
    });
    await told(tx);
    return viewOf(row!);
  });
}

export async function deleteSavedReply(
  db: Database,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(saved).where(eq(saved.id, id)).returning();
    if (!row) throw notFound(SAVED_REPLY_MESSAGES.notFound);
    await recordAudit(tx, request, {
      action: "saved_reply.delete",
      targetType: "saved_reply",
      targetId: String(id),
      before: { title: row.title },
    });
    await told(tx);
  });
}

import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_MESSAGES,
  type SavedView,
} from "../../../shared/contracts/saved-views.ts";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { staffMembers, staffSavedViews } from "./schema.ts";

// A member's saved views of their own dashboard. Saving one changes the member's preferences,
// not the shop's data, so it writes no audit entry (decision 54).

type Owner = { memberId: string; dashboard: StaffRole };

const mine = ({ memberId, dashboard }: Owner) =>
  and(eq(staffSavedViews.memberId, memberId), eq(staffSavedViews.dashboard, dashboard));

async function readViews(db: Database | Transaction, owner: Owner): Promise<SavedView[]> {
  const rows = await db
    .select({
      id: staffSavedViews.id,
      name: staffSavedViews.name,
      query: staffSavedViews.query,
      createdAt: staffSavedViews.createdAt,
    })
    .from(staffSavedViews)
    .where(mine(owner))
    .orderBy(asc(sql`lower(${staffSavedViews.name})`), asc(staffSavedViews.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export const listSavedViews = (db: Database, owner: Owner) => readViews(db, owner);

/**
 * One member's saves wait for each other, so two tabs cannot both pass the cap. A key-sharing
 * lock on the member's row: their sign-in and sessions are not held up.
 */
async function lockMember(tx: Transaction, memberId: string) {
  await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.id, memberId))
    .for("no key update");
}

/** Saves a view; one of the same name (in any case) is replaced, keeping its place and id. */
export async function saveView(
  db: Database,
  owner: Owner,
  view: { name: string; query: string },
): Promise<SavedView[]> {
  return db.transaction(async (tx) => {
    await lockMember(tx, owner.memberId);
    const [same] = await tx
      .select({ id: staffSavedViews.id })
      .from(staffSavedViews)
      .where(and(mine(owner), sql`lower(${staffSavedViews.name}) = lower(${view.name})`));
    if (same) {
      await tx
        .update(staffSavedViews)
        .set({ name: view.name, query: view.query })
        .where(eq(staffSavedViews.id, same.id));
    } else {
      const [kept] = await tx.select({ n: count() }).from(staffSavedViews).where(mine(owner));
      if ((kept?.n ?? 0) >= SAVED_VIEW_LIMITS.perDashboard) {
        throw new AppError("CONFLICT", SAVED_VIEW_MESSAGES.tooMany);
      }
      await tx.insert(staffSavedViews).values({ ...owner, ...view });
    }
    return readViews(tx, owner);
  });
}

/** Deletes one of the member's views on this dashboard; any other id answers as unknown. */
export async function deleteView(db: Database, owner: Owner, id: number): Promise<SavedView[]> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(staffSavedViews)
      .where(and(mine(owner), eq(staffSavedViews.id, id)))
      .returning({ id: staffSavedViews.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", SAVED_VIEW_MESSAGES.notFound);
    return readViews(tx, owner);
  });
}

import { asc, eq } from "drizzle-orm";
import type { StaffRole } from "../../../shared/rules/staff.ts";
import type { Database, Transaction } from "../../db/client.ts";
import { staffMembers } from "./schema.ts";

/** The members who work a dashboard, to mail when it waits with nobody on it. */
export function staffMembersOf(db: Database | Transaction, role: StaffRole) {
  return db
    .select({ email: staffMembers.email, name: staffMembers.name })
    .from(staffMembers)
    .where(eq(staffMembers.role, role))
    .orderBy(asc(staffMembers.id));
}

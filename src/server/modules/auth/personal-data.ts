import { eq, inArray, or, sql } from "drizzle-orm";
import { isoOf, type PersonalDataPart } from "../../personal-data.ts";
import { accounts, sessions, users, verifications } from "./schema.ts";

/** Better Auth's email-code identifiers, `<kind>-otp-<address>` (its email-otp plugin). */
const EMAIL_CODE_KINDS = ["email-verification", "forget-password", "sign-in"];

/**
 * The account's own codes and pending email changes, named exactly as they are made (a
 * substring match would also take another address's codes: "ustomer@" is in "customer@").
 * Sessions, passwords and outside sign-ins go with the account row (cascade).
 */
export const authPersonalData: PersonalDataPart = {
  tables: [verifications, sessions, accounts],
  async eraseCustomer(tx, { account, codeIdentifiers }) {
    const email = account.email.toLowerCase();
    await tx.delete(verifications).where(
      or(
        inArray(
          sql`lower(${verifications.identifier})`,
          EMAIL_CODE_KINDS.map((kind) => `${kind}-otp-${email}`),
        ),
        ...codeIdentifiers.map((identifier) => eq(verifications.identifier, identifier)),
        sql`starts_with(${verifications.identifier}, ${`change-email-otp-${account.id}:`})`,
      ),
    );
  },
};

/** The account row itself: deleted last, when every part before it has let go of it. */
export const accountPersonalData: PersonalDataPart = {
  tables: [users],
  async eraseCustomer(tx, { account }) {
    await tx.delete(users).where(eq(users.id, account.id));
  },
  async exportCustomer(db, customerId) {
    const [user] = await db.select().from(users).where(eq(users.id, customerId));
    if (!user) return undefined;
    return {
      account: {
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        createdAt: isoOf(user.createdAt),
      },
    };
  },
};

import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { isoOf, type PersonalDataPart } from "../../personal-data.ts";
import { addressesPersonalData } from "../addresses/index.ts";
import { authPersonalData } from "../auth/index.ts";
import { bulkOrdersPersonalData } from "../bulk-orders/index.ts";
import { cartPersonalData } from "../cart/index.ts";
import { idempotencyPersonalData } from "../idempotency/index.ts";
import { mailPersonalData } from "../mail/index.ts";
import { ordersPersonalData } from "../orders/index.ts";
import { paymentsPersonalData } from "../payments/index.ts";
import { supportPersonalData } from "../support/index.ts";

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

/**
 * Every module's part, in the order a deletion erases them: the records first (each tells the
 * parts after it what it erased: payments and kept answers follow their orders and requests,
 * mail every address and reference), then the account's codes, then the account. The download
 * answers the account first, then the other parts' keys in this order.
 */
export const PERSONAL_DATA_PARTS: readonly PersonalDataPart[] = [
  addressesPersonalData,
  cartPersonalData,
  ordersPersonalData,
  supportPersonalData,
  bulkOrdersPersonalData,
  paymentsPersonalData,
  idempotencyPersonalData,
  mailPersonalData,
  authPersonalData,
  accountPersonalData,
];

import type { Database } from "../../db/client.ts";
import type { ExportedData } from "../../personal-data.ts";
import { accountPersonalData, PERSONAL_DATA_PARTS } from "./personal-data-parts.ts";

/**
 * Everything the store keeps about a customer's account, as they can take it away (India's
 * DPDP Act gives a right to it): the account, then each module's part (saved addresses, orders
 * with their lines and ratings, support tickets with the conversation they saw, bulk requests).
 */
export async function collectAccountData(db: Database, customerId: string) {
  const account = await accountPersonalData.exportCustomer!(db, customerId);
  if (!account) return undefined;
  let parts: ExportedData = account;
  for (const part of PERSONAL_DATA_PARTS) {
    if (part === accountPersonalData || !part.exportCustomer) continue;
    parts = { ...parts, ...(await part.exportCustomer(db, customerId)) };
  }
  return { exportedAt: new Date().toISOString(), ...parts };
}

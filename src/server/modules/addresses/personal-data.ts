import { asc, eq } from "drizzle-orm";
import type { PersonalDataPart } from "../../personal-data.ts";
import { customerAddresses } from "./schema.ts";

/** Saved addresses go with the account row (cascade). */
export const addressesPersonalData: PersonalDataPart = {
  tables: [customerAddresses],
  async exportCustomer(db, customerId) {
    const addresses = await db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .orderBy(asc(customerAddresses.id));
    return {
      addresses: addresses.map((row) => ({
        label: row.label,
        address: row.address,
        city: row.city,
        state: row.state,
        pincode: row.pincode,
        isDefault: row.isDefault,
      })),
    };
  },
};

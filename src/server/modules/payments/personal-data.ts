import type { PersonalDataPart } from "../../personal-data.ts";
import { eraseUpiIds } from "./payment-records.ts";
import { payments } from "./schema.ts";

/** The payments of the orders and requests erased before it keep all but a UPI ID. */
export const paymentsPersonalData: PersonalDataPart = {
  tables: [payments],
  async eraseCustomer(tx, who) {
    await eraseUpiIds(tx, {
      orderIds: who.orders.map((order) => order.id),
      bulkOrderIds: who.bulkOrders.map((request) => request.id),
    });
  },
};

import {
  type Bank,
  type BulkPaymentMethod,
  bulkPaymentSchema,
  type UPI_APPS,
} from "../../../shared/contracts/bulk-orders.ts";
import { schemaChecks } from "../../lib/schema-checks.ts";

export type UpiApp = (typeof UPI_APPS)[number];

/** The advance card's choices; the UPI app and the bank are kept while the method changes. */
export type AdvanceValues = { method: BulkPaymentMethod; upiApp: UpiApp; bank: Bank | "" };

export const EMPTY_ADVANCE: AdvanceValues = { method: "credit_card", upiApp: "gpay", bank: "" };

/** What the chosen method sends: its own fields only. */
function paymentOf(values: AdvanceValues) {
  switch (values.method) {
    case "upi":
      return { method: "upi", upiApp: values.upiApp };
    case "net_banking":
      return { method: "net_banking", bank: values.bank };
    default:
      return { method: values.method };
  }
}

/** The shared schema, checked on what the chosen method sends (the server parses it again). */
export const advanceChecks = schemaChecks(bulkPaymentSchema, { request: paymentOf });

import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  type Bank,
  type BulkPayment,
  type BulkPaymentInput,
  type BulkPaymentMethod,
  bulkPaymentSchema,
  type UPI_APPS,
} from "../../../shared/contracts/bulk-orders.ts";

export type UpiApp = (typeof UPI_APPS)[number];

/** The advance card's choices; the UPI app and the bank are kept while the method changes. */
export type AdvanceValues = { method: BulkPaymentMethod; upiApp: UpiApp; bank: Bank | "" };

export const EMPTY_ADVANCE: AdvanceValues = { method: "credit_card", upiApp: "gpay", bank: "" };

/** What the chosen method sends: its own fields only. */
export function bulkPaymentOf(values: AdvanceValues): BulkPaymentInput {
  switch (values.method) {
    case "upi":
      return { method: "upi", upiApp: values.upiApp };
    case "net_banking":
      return { method: "net_banking", bank: values.bank as Bank };
    default:
      return { method: values.method };
  }
}

const schemaResolver = zodResolver(bulkPaymentSchema);

/** The shared schema, checked on what the chosen method sends (the server parses it again). */
export const advanceResolver: Resolver<AdvanceValues, unknown, BulkPayment> = (
  values,
  context,
  options,
) =>
  schemaResolver(
    bulkPaymentOf(values) as Parameters<typeof schemaResolver>[0],
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<AdvanceValues, unknown, BulkPayment>>;

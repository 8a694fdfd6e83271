// The sales manager's work on several orders at once: confirming the selected orders in one
// request, and the printable packing slips of several orders.

import { z } from "zod";
import { ORDER_NUMBER_PATTERN } from "../rules/order-number.ts";

/** At most this many orders in one bulk confirm (four board pages of the default size). */
export const BULK_CONFIRM_MAX = 100;
/** At most this many packing slips on one print page. */
export const PACKING_SLIPS_MAX = 50;

export const BULK_MESSAGES = {
  none: "Please select at least one order.",
  tooMany: `Please select at most ${BULK_CONFIRM_MAX} orders at a time.`,
  orderNumber: "Each order number must look like FHH-123456",
  repeated: "Each order may be listed only once.",
} as const;

export const bulkConfirmSchema = z
  .object({
    orders: z
      .array(z.string().regex(ORDER_NUMBER_PATTERN, BULK_MESSAGES.orderNumber), {
        message: BULK_MESSAGES.none,
      })
      .min(1, BULK_MESSAGES.none)
      .max(BULK_CONFIRM_MAX, BULK_MESSAGES.tooMany)
      .refine((orders) => new Set(orders).size === orders.length, BULK_MESSAGES.repeated),
  })
  .strict();
export type BulkConfirm = z.infer<typeof bulkConfirmSchema>;

/** What became of one order: confirmed, or refused with the reason (moved since, by whom). */
export const BULK_OUTCOMES = ["confirmed", "refused"] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const bulkConfirmResultSchema = z.object({
  results: z.array(
    z.object({
      orderNumber: z.string(),
      outcome: z.enum(BULK_OUTCOMES),
      /** Why it was refused, in the single move's words; null when confirmed. */
      message: z.string().nullable(),
    }),
  ),
});
export type BulkConfirmResult = z.infer<typeof bulkConfirmResultSchema>;

/**
 * The order numbers a print page's address names (`?orders=FHH-1,FHH-2`): well-formed ones only,
 * each once, in the order given, at most PACKING_SLIPS_MAX; `more` says some were left off.
 */
export function slipOrdersOf(value: string | null): { orders: string[]; more: boolean } {
  const all = [
    ...new Set(
      (value ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => ORDER_NUMBER_PATTERN.test(part)),
    ),
  ];
  return { orders: all.slice(0, PACKING_SLIPS_MAX), more: all.length > PACKING_SLIPS_MAX };
}

import type { PersonalDataPart } from "../../personal-data.ts";
import { addressesPersonalData } from "../addresses/index.ts";
import { accountPersonalData, authPersonalData } from "../auth/index.ts";
import { bulkOrdersPersonalData } from "../bulk-orders/index.ts";
import { cartPersonalData } from "../cart/index.ts";
import { idempotencyPersonalData } from "../idempotency/index.ts";
import { mailPersonalData } from "../mail/index.ts";
import { ordersPersonalData } from "../orders/index.ts";
import { paymentsPersonalData } from "../payments/index.ts";
import { supportPersonalData } from "../support/index.ts";

export { accountPersonalData };

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

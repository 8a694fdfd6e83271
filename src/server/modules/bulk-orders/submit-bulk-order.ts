import { randomInt } from "node:crypto";
import type { BulkOrderRequest, BulkOrderView } from "../../../shared/contracts/bulk-orders.ts";
import { BULK_MESSAGES } from "../../../shared/contracts/bulk-orders.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { bulkDeliveryDateProblem } from "../../../shared/rules/bulk-delivery-date.ts";
import { bulkTicketId } from "../../../shared/rules/ticket-numbers.ts";
import type { Database } from "../../db/client.ts";
import { withUniqueRetry } from "../../db/with-unique-retry.ts";
import { AppError } from "../../http/app-error.ts";
import { notifyStaff } from "../live/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { BULK_EVENT } from "./bulk-event.ts";
import { bulkAcknowledgement } from "./bulk-order-emails.ts";
import { toBulkOrderView } from "./bulk-order-view.ts";
import { bulkOrders } from "./schema.ts";

/** Two requests in the same millisecond share a prefix; ten tries at 9000 suffixes is plenty. */
const TICKET_ATTEMPTS = 10;

export type BulkDeps = {
  db: Database;
  /** Makes the emailed link to a request's page. */
  linkFor: (ticketId: string) => string;
  now?: () => Date;
  /** 1000-9999, from a CSPRNG unless a test needs otherwise. */
  random4?: () => number;
};

export type Requester = {
  browserKeyHash: string;
  customerId: string | null;
  /** The page's language: the request's mails go out in it. */
  locale: Locale;
};

/**
 * Stores a request under a new BOR- ticket and queues its acknowledgement in the same
 * transaction. The delivery date is checked again against the server's clock.
 */
export async function submitBulkOrder(
  deps: BulkDeps,
  request: BulkOrderRequest,
  requester: Requester,
): Promise<BulkOrderView> {
  const now = deps.now?.() ?? new Date();
  const random4 = deps.random4 ?? (() => randomInt(1000, 10_000));
  const problem = bulkDeliveryDateProblem(request.deliveryDate, now);
  if (problem) {
    const message =
      problem === "too_far"
        ? BULK_MESSAGES.dateTooFar
        : problem === "too_soon"
          ? BULK_MESSAGES.dateTooSoon
          : BULK_MESSAGES.required;
    throw new AppError("VALIDATION_FAILED", message, "deliveryDate");
  }
  const values = {
    name: request.name,
    email: request.email,
    phone: request.phone,
    eventType: request.eventType,
    products: request.products,
    location: request.location,
    deliveryDate: request.deliveryDate,
    codRequested: request.codRequested,
    browserKeyHash: requester.browserKeyHash,
    customerId: requester.customerId,
    locale: requester.locale,
    createdAt: now,
    updatedAt: now,
  };
  // A filled honeypot means a bot: answer as usual so it learns nothing, but keep nothing.
  if (request.website) {
    return toBulkOrderView({ ...values, ...unsaved(bulkTicketId(now, random4())) }, null);
  }
  const retry = {
    constraint: "bulk_orders_ticket_id_unique",
    attempts: TICKET_ATTEMPTS,
    what: "bulk ticket id",
  };
  return withUniqueRetry(retry, async () => {
    const ticketId = bulkTicketId(now, random4());
    return deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bulkOrders)
        .values({ ...values, ticketId })
        .returning();
      const view = toBulkOrderView(row!, null);
      await enqueueMail(
        tx,
        bulkAcknowledgement({ ...view, locale: row!.locale }, deps.linkFor(ticketId)),
      );
      await notifyStaff(tx, { ...BULK_EVENT, id: ticketId });
      return view;
    });
  });
}

/** The columns a stored request would have had, for the answer a bot gets. */
function unsaved(ticketId: string) {
  return {
    id: 0,
    ticketId,
    status: "awaiting_review",
    codApproved: false,
    quotePaise: null,
    discountPercent: 0,
    deliveryChargePaise: null,
    advancePaise: null,
    quotedAt: null,
    advancePaidAt: null,
    confirmedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    quoteNotes: "",
    cancelReason: null,
    feePaise: null,
    refundPaise: null,
    version: 1,
    updatedBy: "customer",
  };
}

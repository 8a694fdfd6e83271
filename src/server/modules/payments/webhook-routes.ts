import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import type { Database } from "../../db/client.ts";
import { deleteOlderInBatch } from "../../db/delete-in-batches.ts";
import { preparedOnce } from "../../db/statement-once.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import { type PaymentGateway, type ProviderEvent, WebhookRejected } from "./payment-gateway.ts";
import type { PaymentIntake } from "./payment-intake.ts";
import { refundSettled } from "./refunds.ts";
import { paymentEvents } from "./schema.ts";

export const WEBHOOK_PATH = "/api/payments/webhook";

/** What one event does; the same event twice, or events out of order, change nothing more. */
async function act(
  deps: { db: Database; gateway: PaymentGateway; intake: PaymentIntake; log: App["log"] },
  event: ProviderEvent,
): Promise<void> {
  switch (event.type) {
    case "payment.captured":
    case "order.paid": {
      const { payment } = event;
      if (!payment.providerOrderId || payment.status !== "captured") return;
      await deps.intake.take({
        paymentId: payment.paymentId,
        providerOrderId: payment.providerOrderId,
        amountPaise: payment.amountPaise,
        summary: payment.summary,
      });
      return;
    }
    case "payment.failed":
      if (event.payment.providerOrderId) {
        await deps.intake.failed(event.payment.providerOrderId, event.payment.failureReason);
      }
      return;
    case "refund.processed":
    case "refund.failed":
      await refundSettled(deps.db, deps.gateway.name, event.refund, deps.log);
      return;
    case "ignored":
      return;
  }
}

const isCapture = (event: ProviderEvent) =>
  event.type === "payment.captured" || event.type === "order.paid";

async function seenBefore(db: Database, gatewayName: string, eventId: string) {
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.gateway, gatewayName), eq(paymentEvents.eventId, eventId)));
  return seen !== undefined;
}

// Every webhook is recorded: made once.
const eventRecord = preparedOnce("payment_event", (db, name) =>
  db
    .insert(paymentEvents)
    .values({
      gateway: sql.placeholder("gateway"),
      eventId: sql.placeholder("eventId"),
      type: sql.placeholder("type"),
      subject: sql.placeholder("subject"),
    })
    .onConflictDoNothing()
    .prepare(name),
);

/**
 * The provider's webhooks: the backstop for a browser that never came back (a closed tab, a lost
 * network), and how refunds are known to be settled. The body is read as the bytes that were
 * signed (never parsed and re-serialised before the check), and each event is acted on once.
 */
export function paymentWebhookRoutes(
  app: App,
  deps: { db: Database; gateway: PaymentGateway | undefined; intake: PaymentIntake },
) {
  const { gateway } = deps;
  if (!gateway) return;
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer" },
      (_request, body: Buffer, done: (error: Error | null, body?: Buffer) => void) =>
        done(null, body),
    );
    scope.post(
      WEBHOOK_PATH,
      {
        // No rate limit: the provider's few addresses send one per payment at the busiest hour,
        // and a forged one costs an HMAC before it is refused.
        config: { public: true, signedByProvider: true },
        schema: {
          tags: ["payments"],
          summary: "The payment provider's webhook (signed; not for browsers)",
          response: { 200: z.object({ received: z.boolean() }), 400: errorBodySchema },
        },
      },
      async (request) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) {
          throw new AppError("BAD_REQUEST", "The webhook body must be JSON.");
        }
        let event: ProviderEvent;
        try {
          event = gateway.parseWebhook(raw, request.headers);
        } catch (error) {
          if (error instanceof WebhookRejected || error instanceof SyntaxError) {
            request.log.warn(
              { reason: error.message },
              "webhook refused: not signed by the provider",
            );
            throw new AppError("BAD_REQUEST", "The webhook's signature does not match.");
          }
          throw error;
        }
        // A captured payment is reported twice anyway (the browser, the webhook), and the intake
        // takes it once however often it comes: no need to look the event up first.
        if (!isCapture(event) && (await seenBefore(deps.db, gateway.name, event.id))) {
          return { received: true };
        }
        // Acted on first, recorded after: a failure answers 500, so the provider sends it again.
        await act({ ...deps, gateway, log: request.log as App["log"] }, event);
        await eventRecord(deps.db).execute({
          gateway: gateway.name,
          eventId: event.id,
          type: event.type === "ignored" ? event.name : event.type,
          subject:
            "payment" in event
              ? event.payment.paymentId
              : "refund" in event
                ? event.refund.refundId
                : null,
        });
        return { received: true };
      },
    );
  });
}

/**
 * Deletes up to `batch` webhook events received before `before`: a provider redelivers an event
 * for a day or so (Razorpay: 24 hours), so a month's record is plenty to keep one from acting twice.
 */
export const prunePaymentEvents = (db: Database, before: Date, batch: number) =>
  deleteOlderInBatch(
    db,
    { table: paymentEvents, key: paymentEvents.id, age: paymentEvents.receivedAt },
    before,
    batch,
  );

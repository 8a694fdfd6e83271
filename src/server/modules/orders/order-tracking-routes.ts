import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/contracts/errors.ts";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  MAX_STREAMS_PER_ORDER,
  ORDER_STREAM_MESSAGES,
  type OrderStreamEvent,
  orderTrackingSchema,
} from "../../../shared/contracts/order-tracking.ts";
import { orderNumberParamsSchema } from "../../../shared/contracts/orders.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { App } from "../../http/types.ts";
import type { StaffEvents } from "../live/index.ts";
import { openEventStream } from "../live/index.ts";
import { findOwnOrder, type Reader } from "./order-access.ts";
import { readOrderTracking } from "./order-tracking.ts";

export type OrderTrackingDeps = {
  db: Database;
  /** The store's one LISTEN on the staff channel: every order change is noticed there. */
  events: StaffEvents;
  reader: (request: FastifyRequest) => Promise<Reader>;
  heartbeatMs?: number;
};

const HEARTBEAT_MS = 20_000;
const errors = { 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

/** The order's page: its states with their times, and a live stream of its changes. */
export function orderTrackingRoutes(app: App, deps: OrderTrackingDeps) {
  const { db } = deps;
  const openPerOrder = new Map<number, number>();
  const open = new Set<() => void>();
  // Open streams never finish by themselves: closing the app ends them, or it would wait forever.
  app.addHook("preClose", (done) => {
    for (const end of [...open]) end();
    done();
  });

  app.get(
    "/api/orders/:orderNumber/tracking",
    {
      config: { private: true, customer: "anyone" },
      schema: {
        tags: ["orders"],
        summary: "An order's states with their times, its refunds and documents",
        params: orderNumberParamsSchema,
        response: { 200: orderTrackingSchema, ...errors },
      },
    },
    async (request) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await deps.reader(request));
      return readOrderTracking(db, order);
    },
  );

  app.get(
    "/api/orders/:orderNumber/events",
    {
      config: { customer: "anyone" },
      schema: {
        tags: ["orders"],
        summary: "Live changes to one order placed from this browser (server-sent events)",
        description:
          "A text/event-stream, for whoever may read the order. Each `data:` line is " +
          "`{ orderNumber, change }`: the order changed, read it again. Nothing of any other " +
          "order is ever sent. Comment lines keep the connection open.",
        params: orderNumberParamsSchema,
        response: { 200: z.string().describe("text/event-stream"), ...errors },
      },
    },
    async (request, reply) => {
      const order = await findOwnOrder(db, request.params.orderNumber, await deps.reader(request));
      // Counted after the last await, so concurrent requests cannot all pass the check.
      const opened = openPerOrder.get(order.id) ?? 0;
      if (opened >= MAX_STREAMS_PER_ORDER) {
        throw new AppError("RATE_LIMITED", ORDER_STREAM_MESSAGES.tooManyStreams);
      }
      openPerOrder.set(order.id, opened + 1);

      const stream = openEventStream(reply, { heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS });
      const tell = (change: OrderStreamEvent["change"]) =>
        stream.send({ orderNumber: order.orderNumber, change } satisfies OrderStreamEvent);
      const unsubscribe = deps.events.subscribe((event) => {
        // Notices may have been lost while the database connection was down: read it again.
        if (event.topic === LIVE_TOPICS.resync) tell("resync");
        // Only this order's own notices; the page reads the order again through the access check.
        else if (event.topic === LIVE_TOPICS.orders && event.id === order.orderNumber)
          tell("changed");
      });

      const end = () => stream.end();
      open.add(end);
      stream.ended.then(() => {
        open.delete(end);
        unsubscribe();
        const left = (openPerOrder.get(order.id) ?? 1) - 1;
        if (left > 0) openPerOrder.set(order.id, left);
        else openPerOrder.delete(order.id);
      });
    },
  );
}

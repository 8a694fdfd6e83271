import type { FastifyBaseLogger } from "fastify";
import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import {
  type StaffEventMessage,
  staffEventSchema,
} from "../../../shared/contracts/staff-events.ts";
import { STAFF_ROLES } from "../../../shared/rules/staff.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { STAFF_CHANNEL } from "./notices.ts";

export type StaffEventSubscriber = (event: StaffEventMessage) => void;

/**
 * One LISTEN per store instance on the staff channel, fanned out in memory to every open stream.
 * Notices come from any instance on the same database, once the notifying transaction commits.
 */
export function createStaffEvents(database: DatabaseHandle, log: FastifyBaseLogger) {
  const subscribers = new Set<StaffEventSubscriber>();
  let stop: (() => Promise<void>) | undefined;

  function publish(event: StaffEventMessage) {
    for (const subscriber of subscribers) {
      try {
        subscriber(event);
      } catch (error) {
        // One broken stream must not keep the event from the others.
        log.warn({ err: error }, "a staff event stream failed to take an event");
      }
    }
  }

  function received(payload: string) {
    let parsed: ReturnType<typeof staffEventSchema.safeParse>;
    try {
      parsed = staffEventSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = staffEventSchema.safeParse(undefined);
    }
    if (!parsed.success) {
      log.warn("ignored a staff event notice that is not an event");
      return;
    }
    publish(parsed.data);
  }

  return {
    async start(): Promise<void> {
      stop ??= await database.listen(STAFF_CHANNEL, received, {
        // Notices sent while the connection was down are lost: every dashboard looks again.
        onReconnect: () => publish({ topic: LIVE_TOPICS.resync, dashboards: [...STAFF_ROLES] }),
      });
    },
    subscribe(subscriber: StaffEventSubscriber): () => void {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    async close(): Promise<void> {
      subscribers.clear();
      const stopping = stop;
      stop = undefined;
      await stopping?.().catch(() => {});
    },
  };
}

export type StaffEvents = ReturnType<typeof createStaffEvents>;

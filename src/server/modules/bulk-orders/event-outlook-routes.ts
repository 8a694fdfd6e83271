import { EVENT_OUTLOOK_API, eventOutlookSchema } from "../../../shared/contracts/event-outlook.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { staffRouteParts } from "../staff/index.ts";
import { readEventOutlook } from "./event-outlook.ts";

const { staff, tags, errors } = staffRouteParts("inventory");

/** The Inventory Manager's view of the event orders' lines: the tables are this module's. */
export function eventOutlookRoutes(app: App, { db }: { db: Database }) {
  app.get(
    EVENT_OUTLOOK_API,
    {
      config: staff,
      schema: {
        tags,
        summary: "What each coming day's event orders need of each product, against stock",
        response: { 200: eventOutlookSchema, ...errors },
      },
    },
    async () => readEventOutlook(db),
  );
}

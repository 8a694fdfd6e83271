import {
  LARGE_ORDER_DASHBOARDS,
  largeOrderNoticesSchema,
  largeOrdersPath,
} from "../../../shared/contracts/large-orders.ts";
import type { Database } from "../../db/client.ts";
import type { App } from "../../http/types.ts";
import { staffRouteParts } from "../staff/index.ts";
import { readLargeOrderNotices } from "./large-order-notices.ts";

/** The large-share notices, under the Sales and the Inventory dashboards' APIs alike. */
export function largeOrderRoutes(app: App, db: Database) {
  for (const dashboard of LARGE_ORDER_DASHBOARDS) {
    const { staff, tags, errors } = staffRouteParts(dashboard);
    app.get(
      largeOrdersPath(dashboard),
      {
        config: staff,
        schema: {
          tags,
          summary: "Orders that took a large share of a product's stock lately, newest first",
          response: { 200: largeOrderNoticesSchema, ...errors },
        },
      },
      async () => ({ notices: await readLargeOrderNotices(db) }),
    );
  }
}

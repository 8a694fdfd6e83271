import { BULK_TOPIC } from "../../../shared/contracts/bulk-pipeline.ts";
import type { StaffEvent } from "../live/index.ts";

/** A bulk order came, was paid or changed: Customer Relations' pipeline and figures refetch. */
export const BULK_EVENT: StaffEvent = { topic: BULK_TOPIC, dashboards: ["customer-relations"] };

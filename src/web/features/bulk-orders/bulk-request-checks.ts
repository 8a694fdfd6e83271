import { bulkOrderRequestSchema } from "../../../shared/contracts/bulk-orders.ts";
import { typedSchemaChecks } from "../../lib/schema-checks.ts";

/**
 * The event request form's checks: the schema the server parses the request with again (with its
 * own clock), the fields sent as typed. The form loads this (and zod with it) only once a person
 * starts on the form, not with the page.
 */
export const bulkRequestChecks = typedSchemaChecks(bulkOrderRequestSchema);

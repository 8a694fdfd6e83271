import { supportRequestSchema } from "../../../shared/contracts/support.ts";
import { typedSchemaChecks } from "../../lib/schema-checks.ts";

/**
 * The contact form's checks: the schema the server parses the request with again, the fields
 * sent as typed. The form loads this (and zod with it) only once a person starts on the form,
 * not with the page.
 */
export const supportRequestChecks = typedSchemaChecks(supportRequestSchema);

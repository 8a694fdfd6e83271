// The event request form's fields as the page shows them: its messages and limits. Apart from
// the schema (bulk-orders.ts), so the page can draw the form without loading zod.
import { FORMAT_MESSAGES } from "../rules/formats.ts";

export { EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from "../rules/event-types.ts";

/** The spec's messages for missing fields and the date, then our own for wrong formats. */
export const BULK_MESSAGES = {
  required: FORMAT_MESSAGES.required,
  terms: /*i18n*/ "Please agree to the terms and conditions",
  dateTooSoon: /*i18n*/ "Please select a date at least 48 hours from today",
  dateTooFar: /*i18n*/ "Please select a date within the next 12 months",
  email: FORMAT_MESSAGES.email,
  phone: FORMAT_MESSAGES.mobile,
} as const;

export const BULK_LIMITS = { name: 100, email: 254, products: 2000, location: 300 } as const;

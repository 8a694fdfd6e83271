// The kinds of event a bulk order is for, and the words every page, email and export uses for them.

export const EVENT_TYPES = [
  "wedding",
  "family_event",
  "funeral",
  "picnic",
  "corporate",
  "other",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  wedding: /*i18n*/ "Wedding",
  family_event: /*i18n*/ "Family Event",
  funeral: /*i18n*/ "Funeral",
  picnic: /*i18n*/ "Picnic Party",
  corporate: /*i18n*/ "Corporate Event",
  other: /*i18n*/ "Other",
};

/** An event type as people read it ("Corporate Event"), never its stored code. */
export function eventTypeText(eventType: string): string {
  return EVENT_TYPE_LABELS[eventType as EventType] ?? eventType.replaceAll("_", " ");
}

/**
 * The same inside a sentence: "for your corporate event", and "for your event" for Other. Marked
 * on their own, so each language words them as its sentence needs.
 */
export const EVENT_IN_SENTENCE: Record<EventType, string> = {
  wedding: /*i18n*/ "wedding",
  family_event: /*i18n*/ "family event",
  funeral: /*i18n*/ "funeral",
  picnic: /*i18n*/ "picnic party",
  corporate: /*i18n*/ "corporate event",
  other: /*i18n*/ "event",
};

export function eventInSentence(eventType: string): string {
  return EVENT_IN_SENTENCE[eventType as EventType] ?? eventTypeText(eventType).toLowerCase();
}

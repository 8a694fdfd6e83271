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
  wedding: "Wedding",
  family_event: "Family Event",
  funeral: "Funeral",
  picnic: "Picnic Party",
  corporate: "Corporate Event",
  other: "Other",
};

/** An event type as people read it ("Corporate Event"), never its stored code. */
export function eventTypeText(eventType: string): string {
  return EVENT_TYPE_LABELS[eventType as EventType] ?? eventType.replaceAll("_", " ");
}

/** The same inside a sentence: "for your corporate event", and "for your event" for Other. */
export function eventInSentence(eventType: string): string {
  return eventType === "other" ? "event" : eventTypeText(eventType).toLowerCase();
}

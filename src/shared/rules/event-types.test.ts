import { describe, expect, it } from "vitest";
import { EVENT_TYPE_LABELS, EVENT_TYPES, eventInSentence, eventTypeText } from "./event-types.ts";

describe("event types", () => {
  it("read as words, never as their stored codes", () => {
    expect(eventTypeText("corporate")).toBe("Corporate Event");
    expect(eventTypeText("family_event")).toBe("Family Event");
    for (const type of EVENT_TYPES) {
      expect(eventTypeText(type)).toBe(EVENT_TYPE_LABELS[type]);
      expect(eventTypeText(type)).not.toMatch(/_/);
    }
  });

  it("read naturally inside a sentence", () => {
    expect(eventInSentence("corporate")).toBe("corporate event");
    expect(eventInSentence("other")).toBe("event");
  });
});

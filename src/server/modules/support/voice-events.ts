import { FEEDBACK_TOPIC, RATING_TOPIC } from "../../../shared/contracts/customer-voice.ts";
import type { StaffEvent } from "../live/index.ts";

/** A feedback message came or was read or answered: Customer Relations' list refetches. */
export const FEEDBACK_EVENT: StaffEvent = {
  topic: FEEDBACK_TOPIC,
  dashboards: ["customer-relations"],
};

/** An order was rated: the ratings' figures and the low ratings refetch. */
export const RATING_EVENT: StaffEvent = { topic: RATING_TOPIC, dashboards: ["customer-relations"] };

import { LIVE_TOPICS } from "../../../shared/contracts/live-topics.ts";
import type { StaffEvent } from "../live/index.ts";

/** A feedback message came or was read or answered: Customer Relations' list refetches. */
export const FEEDBACK_EVENT: StaffEvent = {
  topic: LIVE_TOPICS.feedback,
  dashboards: ["customer-relations"],
};

/** An order was rated: the ratings' figures and the low ratings refetch. */
export const RATING_EVENT: StaffEvent = {
  topic: LIVE_TOPICS.rating,
  dashboards: ["customer-relations"],
};

export type { StaffEvents } from "./event-bus.ts";
export { openEventStream } from "./event-stream.ts";
export { livePlugin } from "./live-plugin.ts";
export { notifyStaff, STAFF_CHANNEL, type StaffEvent, staffNoticeSql } from "./notices.ts";

import { timestamp } from "drizzle-orm/pg-core";

/** A point in time, stored with its time zone so every instance and report agrees on it. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

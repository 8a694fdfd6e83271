import { randomInt } from "node:crypto";

/** FHH- and six random digits; uniqueness is the database's job (a unique index and a retry). */
export function newOrderNumber(): string {
  return `FHH-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

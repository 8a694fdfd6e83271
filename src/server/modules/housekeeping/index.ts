export { createHousekeeping } from "./housekeeping.ts";

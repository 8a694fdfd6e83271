import { SHOP_TIME_ZONE } from "./bulk-delivery-date.ts";

const SHOP_DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** An instant as the shop reads it, in India time: "23 Nov 2026, 7:45 pm". */
export function formatShopDateTime(iso: string): string {
  return SHOP_DATE_TIME.format(new Date(iso));
}

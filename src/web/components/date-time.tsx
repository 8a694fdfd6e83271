import { SHOP_TIME_ZONE } from "../../shared/rules/bulk-delivery-date.ts";
import { lazyFormat } from "../../shared/rules/shop-time.ts";

// The shop's clock, whatever the device's: an order placed at 7 pm in Bhubaneswar reads 7 pm.
const DATE_TIME = lazyFormat({ dateStyle: "medium", timeStyle: "short", timeZone: SHOP_TIME_ZONE });

/** A moment as shoppers and staff read it, in India time: "21 Nov 2026, 7:05 pm". */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{DATE_TIME(new Date(iso))}</time>;
}

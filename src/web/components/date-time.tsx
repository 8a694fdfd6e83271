import { isLocale } from "../../shared/i18n/locales.ts";
import { formatShopDateTime } from "../../shared/rules/shop-time.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";

/**
 * A moment as shoppers and staff read it, on the shop's clock whatever the device's (an order
 * placed at 7 pm in Bhubaneswar reads 7 pm), with the month in the page's language:
 * "21 Nov 2026, 7:05 pm", "21 ନଭେମ୍ବର 2026, 7:05 pm".
 */
export function DateTime({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  return (
    <time dateTime={iso}>
      {formatShopDateTime(iso, isLocale(i18n.locale) ? i18n.locale : "en")}
    </time>
  );
}

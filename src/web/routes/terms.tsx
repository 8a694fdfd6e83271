import { STORE } from "../../shared/store-info.ts";
import { SHELL_TEXTS } from "../app/layout/shell-texts.ts";
import { TextPage } from "../components/text-page.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

// The footer's link (its catalogue, which every page loads, holds it): the page is named the same.
const TERMS_OF_SERVICE = "Terms of Service";

export default function TermsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(TERMS_OF_SERVICE));
  return (
    <TextPage title={i18n._(TERMS_OF_SERVICE)}>
      <p>
        {i18n._(
          "We deliver within our service area in Bhubaneswar in {promise} after your order is confirmed. Prices are shown in rupees and include GST where it applies.",
          { promise: i18n._(STORE.deliveryPromise) },
        )}
      </p>
      <h2>{i18n._("Refunds")}</h2>
      <p>
        {i18n._(
          "Tell us within {hours} hours of delivery if anything is not right and we will make it good.",
          { hours: STORE.refundWindowHours },
        )}
      </p>
      <h2>{i18n._(SHELL_TEXTS.bulkOrders)}</h2>
      <p>
        {i18n._("Bulk orders for events follow the terms shown on the bulk order request page.")}
      </p>
    </TextPage>
  );
}

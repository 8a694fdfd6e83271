import { STORE } from "../../shared/store-info.ts";
import { TextPage } from "../components/text-page.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function TermsPage() {
  usePageTitle("Terms of Service");
  return (
    <TextPage title="Terms of Service">
      <p>
        We deliver within our service area in {STORE.city} in {STORE.deliveryPromise} after your
        order is confirmed. Prices are shown in rupees and include GST where it applies.
      </p>
      <h2>Refunds</h2>
      <p>
        Tell us within {STORE.refundWindowHours} hours of delivery if anything is not right and we
        will make it good.
      </p>
      <h2>Bulk orders</h2>
      <p>Bulk orders for events follow the terms shown on the bulk order request page.</p>
    </TextPage>
  );
}

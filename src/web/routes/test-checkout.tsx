import { PAYMENT_LABELS } from "../../shared/contracts/payments.ts";
import {
  TEST_CHECKOUT_METHODS,
  type TestCheckoutMethod,
} from "../../shared/rules/test-checkout-form.ts";
import { TestCheckout } from "../features/payments/components/test-checkout.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { useParams, useSearchParams } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

const methodOf = (value: string | null): TestCheckoutMethod =>
  TEST_CHECKOUT_METHODS.find((method) => method === value) ?? "card";

const upiAppOf = (value: string | null) =>
  value === "gpay" || value === "phonepe" ? value : undefined;

/**
 * The test payment provider's checkout page (demo mode and tests), framed by the store's payment
 * window as Razorpay frames its own: bare, without the store's header and footer.
 */
export default function TestCheckoutPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(PAYMENT_LABELS.testPayment));
  const { providerOrderId = "" } = useParams();
  const [params] = useSearchParams();
  return (
    <main className="min-h-screen bg-cream-100">
      <TestCheckout
        key={providerOrderId}
        providerOrderId={providerOrderId}
        method={methodOf(params.get("method"))}
        upiApp={upiAppOf(params.get("upiApp"))}
      />
    </main>
  );
}

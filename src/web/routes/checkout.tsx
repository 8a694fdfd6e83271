import { ArrowLeft, Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { CHECKOUT_LIMITS } from "../../shared/contracts/checkout.ts";
import {
  type CheckoutForm,
  checkCheckoutForm,
  EMPTY_CHECKOUT_FORM,
  formFieldOf,
  toPlaceOrderInput,
} from "../../shared/contracts/checkout-form.ts";
import { isServiceable, OUTSIDE_DELIVERY_AREA_MESSAGE } from "../../shared/rules/delivery-area.ts";
import { toast } from "../components/toasts.tsx";
import { Button, ButtonLink } from "../components/ui/button.tsx";
import { Field, Textarea } from "../components/ui/field.tsx";
import { useCart } from "../features/cart/cart-context.tsx";
import { EmptyCart } from "../features/cart/empty-cart.tsx";
import { usePricedCart } from "../features/cart/use-priced-cart.ts";
import { usePlaceOrder } from "../features/checkout/api/place-order.ts";
import { CheckoutSummary } from "../features/checkout/components/checkout-summary.tsx";
import { type FieldErrors, FormInput } from "../features/checkout/components/form-input.tsx";
import { PaymentFields } from "../features/checkout/components/payment-fields.tsx";
import { useAccountContact } from "../features/checkout/use-account-contact.ts";
import { useAttemptKey } from "../features/checkout/use-attempt-key.ts";
import { useSiteSettings } from "../features/site/api/site-settings.ts";
import { ApiError, errorMessage } from "../lib/api-client.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-6 shadow-card" aria-label={title}>
      <h2 className="mb-5 text-lg font-bold text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

export default function CheckoutPage() {
  usePageTitle("Checkout");
  const navigate = useNavigate();
  const { items, clearCart } = useCart();
  const cart = usePricedCart();
  const settings = useSiteSettings();
  const placeOrder = usePlaceOrder();
  const attempt = useAttemptKey();
  const [form, setForm] = useState<CheckoutForm>(EMPTY_CHECKOUT_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  useAccountContact(setForm);

  const onValue = (name: keyof CheckoutForm, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const shared = { values: form, errors, onValue };

  const showProblem = (field: keyof CheckoutForm, message: string) => {
    setErrors((current) => ({ ...current, [field]: message }));
    toast.error(message);
    document.getElementById(`checkout-${field}`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (placeOrder.isPending) return;
    const orderItems = items.map((item) => ({
      productId: item.product.id,
      quantity: item.quantity,
    }));
    const problems = checkCheckoutForm(form, orderItems);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
      showProblem(problems[0]!.field, problems[0]!.message);
      return;
    }
    const serviceable = settings.data?.serviceablePincodes;
    if (serviceable && !isServiceable(form.pincode, serviceable)) {
      showProblem("pincode", OUTSIDE_DELIVERY_AREA_MESSAGE);
      return;
    }
    try {
      const order = await placeOrder.mutateAsync({
        input: toPlaceOrderInput(form, orderItems),
        idempotencyKey: attempt.current(),
      });
      attempt.finish();
      toast.dismiss();
      clearCart();
      navigate("/order-confirmation", { state: { orderNumber: order.orderNumber }, replace: true });
    } catch (error) {
      // No answer from the server: keep the key, so a retry cannot place a second order.
      if (!(error instanceof ApiError) || error.code === "NETWORK" || error.status >= 500) {
        toast.error(errorMessage(error), {
          description: "Your order was not placed twice; it is safe to try again.",
        });
        return;
      }
      attempt.finish();
      const field = error.field && formFieldOf(form.paymentMethod, error.field);
      if (field) {
        showProblem(field, error.message);
      } else {
        toast.error(
          error.code === "PAYMENT_DECLINED" ? "Payment declined" : "We could not place your order",
          {
            description: error.message,
          },
        );
      }
    }
  };

  if (items.length === 0)
    return <EmptyCart hint="Please add items to your cart before checking out." />;

  const blocked = cart.lines.some((line) => line.unavailable);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-bold text-ink-900">Checkout</h1>
        <ButtonLink to="/cart" variant="ghost">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Cart
        </ButtonLink>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_400px]">
        <form
          onSubmit={submit}
          noValidate
          className="space-y-6"
          aria-label="Checkout"
          aria-busy={placeOrder.isPending}
        >
          <Section title="Contact Information">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormInput
                {...shared}
                name="firstName"
                label="First name"
                required
                autoComplete="given-name"
                maxLength={CHECKOUT_LIMITS.name}
              />
              <FormInput
                {...shared}
                name="lastName"
                label="Last name"
                autoComplete="family-name"
                maxLength={CHECKOUT_LIMITS.name}
              />
              <FormInput
                {...shared}
                name="email"
                label="Email"
                required
                type="email"
                autoComplete="email"
                maxLength={CHECKOUT_LIMITS.email}
              />
              <FormInput
                {...shared}
                name="phone"
                label="Phone"
                required
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="10-digit mobile number"
                maxLength={16}
              />
            </div>
          </Section>
          <Section title="Delivery Address">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <FormInput
                  {...shared}
                  name="address"
                  label="Street address"
                  required
                  autoComplete="street-address"
                  placeholder="House, street, area"
                  maxLength={CHECKOUT_LIMITS.address}
                />
              </div>
              <FormInput
                {...shared}
                name="city"
                label="City"
                required
                autoComplete="address-level2"
                maxLength={CHECKOUT_LIMITS.city}
              />
              <FormInput
                {...shared}
                name="state"
                label="State"
                required
                autoComplete="address-level1"
                maxLength={CHECKOUT_LIMITS.state}
              />
              <FormInput
                {...shared}
                name="pincode"
                label="PIN code"
                required
                inputMode="numeric"
                autoComplete="postal-code"
                placeholder="6-digit PIN code"
                maxLength={6}
              />
            </div>
          </Section>
          <Section title="Payment">
            <PaymentFields
              {...shared}
              demoMode={settings.data?.demoMode ?? false}
              methods={settings.data?.paymentMethods}
            />
          </Section>
          <Section title="Notes">
            <Field id="checkout-notes" label="Delivery notes (optional)">
              <Textarea
                id="checkout-notes"
                name="notes"
                value={form.notes}
                maxLength={CHECKOUT_LIMITS.notes}
                placeholder="Landmark, gate code, or the best time to ring"
                onChange={(event) => onValue("notes", event.target.value)}
              />
            </Field>
          </Section>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={placeOrder.isPending || blocked}
          >
            <Lock aria-hidden="true" className="h-4 w-4" />
            {placeOrder.isPending ? "Processing..." : "Place Order"}
          </Button>
          {blocked && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              Some items in your cart are no longer available. Please update your cart.
            </p>
          )}
        </form>
        <CheckoutSummary cart={cart} />
      </div>
    </div>
  );
}

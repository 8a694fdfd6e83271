import { ArrowLeft, Lock } from "lucide-react";
import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import {
  CHECKOUT_LIMITS,
  CHECKOUT_MESSAGES,
  PAYMENT_METHODS,
  type PlaceOrderInput,
} from "../../../shared/contracts/checkout.ts";
import { PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { SAVED_ADDRESS_MESSAGES } from "../../../shared/contracts/saved-addresses.ts";
import {
  cashCapButtonHint,
  cashOrderCapMessage,
  cashOrderSize,
} from "../../../shared/rules/cash-order-caps.ts";
import {
  isServiceable,
  OUTSIDE_DELIVERY_AREA_MESSAGE,
} from "../../../shared/rules/delivery-area.ts";
import { toast } from "../../components/toasts.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field, Textarea } from "../../components/ui/field.tsx";
import { firstProblem, useCheckedForm } from "../../lib/checked-form.ts";
import { COMMON_TEXTS } from "../../lib/common-texts.ts";
import { useLingui } from "../../lib/i18n/react-binding.tsx";
import { useForgetSavedAddresses } from "../account/api/saved-addresses.ts";
import { useCart } from "../cart/cart-context.tsx";
import { CartScreen } from "../cart/cart-screen.tsx";
import { EmptyCart } from "../cart/empty-cart.tsx";
import { usePricedCart } from "../cart/use-priced-cart.ts";
import { PaymentOutcome } from "../payments/payment-outcome.tsx";
import { PaymentTimeLeft } from "../payments/payment-time-left.tsx";
import { useSiteSettings } from "../site/api/site-settings.ts";
import { BORROWED_TEXT } from "./borrowed-texts.ts";
import { PAYMENT_HEADING } from "./checkout-page.ts";
import {
  CHECKOUT_FIELDS,
  type CheckoutField,
  checkoutChecks,
  EMPTY_CHECKOUT,
} from "./checkout-values.ts";
import { CheckoutInput } from "./components/checkout-input.tsx";
import { CheckoutSummary } from "./components/checkout-summary.tsx";
import { PaymentSection } from "./components/payment-section.tsx";
import { SavedAddressChoice } from "./components/saved-address-choice.tsx";
import { useAccountContact } from "./use-account-contact.ts";
import { useCheckoutPayment } from "./use-checkout-payment.ts";
import { useSavedAddressChoice } from "./use-saved-address-choice.ts";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-6 shadow-card" aria-label={title}>
      <h2 className="mb-5 text-lg font-bold text-ink-900">{title}</h2>
      {children}
    </section>
  );
}

/** The checkout form: loaded only by a browser whose cart has something to buy. */
export default function CheckoutForm() {
  const { i18n } = useLingui();
  const { items } = useCart();
  const cart = usePricedCart();
  const settings = useSiteSettings();
  const flow = useCheckoutPayment();
  const form = useCheckedForm(checkoutChecks, { defaultValues: EMPTY_CHECKOUT });
  const { errors } = form.formState;
  const method = useWatch({ control: form.control, name: "payment.method" });
  const methods = settings.data?.paymentMethods ?? PAYMENT_METHODS;
  const onlinePayments = methods.some((offered) => offered !== "cash");
  // The server's own caps, told before Place Order (it would refuse this cart in cash anyway), in
  // the page's words.
  const counted = cart.lines.filter((line) => !line.unavailable);
  const overCashCaps = cashOrderCapMessage(
    cashOrderSize(
      counted.map((line) => ({
        productId: line.product.id,
        quantity: line.quantity,
        unit: line.product.unit,
      })),
      cart.breakdown.totalPaise,
    ),
    onlinePayments,
    (text, values) => i18n._(text, values),
  );
  const cashRefusal = method === "cash" ? overCashCaps : null;
  useAccountContact(form);
  const addressChoice = useSavedAddressChoice(form);
  const forgetSavedAddresses = useForgetSavedAddresses();

  // A method the store does not offer cannot stay chosen (the form starts on card).
  useEffect(() => {
    if (!methods.includes(method) && methods[0]) form.setValue("payment.method", methods[0]);
  }, [method, methods, form]);

  const showProblem = (field: CheckoutField, message: string) => {
    // The field keeps the English (the key); each place that shows it translates it.
    form.setError(field, { message }, { shouldFocus: true });
    toast.error(i18n._(message));
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (flow.processing || flow.awaiting) return;
      // The button is held back too; a press that gets here (Enter in a field) sends nothing.
      if (cashRefusal) {
        toast.error(cashRefusal);
        return;
      }
      const serviceable = settings.data?.serviceablePincodes;
      if (serviceable && !isServiceable(values.delivery.pincode, serviceable)) {
        showProblem("delivery.pincode", OUTSIDE_DELIVERY_AREA_MESSAGE);
        return;
      }
      const input: PlaceOrderInput = {
        ...values,
        items: items.map((item) => ({ productId: item.product.id, quantity: item.quantity })),
      };
      const refusal = await flow.place(input);
      if (!refusal) {
        // The server has kept the address: the list read before the order is out of date.
        if (values.saveAddress) void forgetSavedAddresses();
        return;
      }
      const field = CHECKOUT_FIELDS.find((name) => name === refusal.field);
      if (field) showProblem(field, refusal.message);
      else {
        toast.error(i18n._("We could not place your order"), {
          description: i18n._(refusal.message),
        });
      }
    },
    (problems) => {
      // As the spec orders them: anything missing first, then the first wrong format.
      const message = firstProblem(problems, CHECKOUT_FIELDS, CHECKOUT_MESSAGES.required);
      if (message) toast.error(i18n._(message));
    },
  );

  if (items.length === 0 && !flow.awaiting) {
    return <EmptyCart hint={i18n._(BORROWED_TEXT.emptyCheckoutHint)} />;
  }

  const blocked = cart.lines.some((line) => line.unavailable);
  const shared = { register: form.register, errors };
  const awaiting = flow.awaiting;
  return (
    <CartScreen className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-4xl font-bold text-ink-900">{i18n._("Checkout")}</h1>
        <ButtonLink to="/cart" variant="ghost">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {i18n._("Back to Cart")}
        </ButtonLink>
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_400px]">
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-6"
          aria-label={i18n._("Checkout")}
          aria-busy={flow.processing}
        >
          {/* Once placed, the order's details are the server's: only its payment is left. */}
          <fieldset disabled={awaiting !== null} className="min-w-0 space-y-6">
            <Section title={i18n._(COMMON_TEXTS.contactInformation)}>
              <div className="grid gap-4 sm:grid-cols-2">
                <CheckoutInput
                  {...shared}
                  name="contact.firstName"
                  label={i18n._("First name")}
                  required
                  autoComplete="given-name"
                  maxLength={CHECKOUT_LIMITS.name}
                />
                <CheckoutInput
                  {...shared}
                  name="contact.lastName"
                  label={i18n._("Last name")}
                  autoComplete="family-name"
                  maxLength={CHECKOUT_LIMITS.name}
                />
                <CheckoutInput
                  {...shared}
                  name="contact.email"
                  label={i18n._(COMMON_TEXTS.email)}
                  required
                  type="email"
                  autoComplete="email"
                  maxLength={CHECKOUT_LIMITS.email}
                />
                <CheckoutInput
                  {...shared}
                  name="contact.phone"
                  label={i18n._(COMMON_TEXTS.phone)}
                  required
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder={i18n._(COMMON_TEXTS.mobilePlaceholder)}
                  maxLength={16}
                />
              </div>
            </Section>
            <Section title={i18n._("Delivery Address")}>
              <SavedAddressChoice choice={addressChoice} />
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">
                  <CheckoutInput
                    {...shared}
                    name="delivery.address"
                    label={i18n._(COMMON_TEXTS.streetAddress)}
                    required
                    autoComplete="street-address"
                    placeholder={i18n._(COMMON_TEXTS.streetAddressPlaceholder)}
                    maxLength={CHECKOUT_LIMITS.address}
                  />
                </div>
                <CheckoutInput
                  {...shared}
                  name="delivery.city"
                  label={i18n._(COMMON_TEXTS.city)}
                  required
                  autoComplete="address-level2"
                  maxLength={CHECKOUT_LIMITS.city}
                />
                <CheckoutInput
                  {...shared}
                  name="delivery.state"
                  label={i18n._(COMMON_TEXTS.state)}
                  required
                  autoComplete="address-level1"
                  maxLength={CHECKOUT_LIMITS.state}
                />
                <CheckoutInput
                  {...shared}
                  name="delivery.pincode"
                  label={i18n._(COMMON_TEXTS.pincode)}
                  required
                  inputMode="numeric"
                  autoComplete="postal-code"
                  placeholder={i18n._(COMMON_TEXTS.pincodePlaceholder)}
                  maxLength={6}
                />
              </div>
              {addressChoice.offerSave && (
                <Checkbox
                  id="checkout-saveAddress"
                  className="mt-5"
                  label={i18n._(SAVED_ADDRESS_MESSAGES.saveAtCheckout)}
                  description={i18n._(SAVED_ADDRESS_MESSAGES.saveAtCheckoutHint)}
                  {...form.register("saveAddress")}
                />
              )}
            </Section>
            <Section title={i18n._(PAYMENT_HEADING)}>
              <PaymentSection
                method={method}
                onMethod={(next) => form.setValue("payment.method", next)}
                demoMode={settings.data?.demoMode ?? false}
                methods={methods}
                cashRefusal={awaiting ? null : cashRefusal}
              />
            </Section>
            <Section title={i18n._("Notes")}>
              <Field
                id="checkout-notes"
                label={i18n._("Delivery notes (optional)")}
                error={errors.notes?.message && i18n._(errors.notes.message)}
              >
                <Textarea
                  maxLength={CHECKOUT_LIMITS.notes}
                  placeholder={i18n._("Landmark, gate code, or the best time to ring")}
                  {...form.register("notes")}
                />
              </Field>
            </Section>
          </fieldset>
          {awaiting && (
            <p
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-white p-4 text-sm text-ink-700 shadow-card"
              data-testid="awaiting-payment"
            >
              <span>
                {i18n._(PAYMENT_MESSAGES.awaitingNote, { orderNumber: awaiting.orderNumber })}
              </span>
              <PaymentTimeLeft dueAt={awaiting.payBy} className="text-brand-800" />
            </p>
          )}
          <PaymentOutcome
            state={flow.payment}
            onRetry={flow.retry}
            onCash={overCashCaps ? undefined : () => void flow.payCash()}
            busy={flow.switching}
          />
          {!(awaiting && !flow.processing) && (
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={flow.processing || blocked || Boolean(cashRefusal && !awaiting)}
            >
              <Lock aria-hidden="true" className="h-4 w-4" />
              {flow.processing ? i18n._(PAYMENT_MESSAGES.processing) : i18n._("Place Order")}
            </Button>
          )}
          {cashRefusal && !awaiting && !blocked && (
            <p className="text-sm font-semibold text-ink-900" data-testid="cash-cap-hint">
              {i18n._(cashCapButtonHint(onlinePayments))}
            </p>
          )}
          {blocked && !awaiting && (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {i18n._("Some items in your cart are no longer available. Please update your cart.")}
            </p>
          )}
        </form>
        <CheckoutSummary cart={cart} />
      </div>
    </CartScreen>
  );
}

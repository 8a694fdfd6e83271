import { Send } from "lucide-react";
import { Controller, useWatch } from "react-hook-form";
import {
  BULK_LIMITS,
  BULK_MESSAGES,
  bulkOrderRequestSchema,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
} from "../../../../shared/contracts/bulk-orders.ts";
import {
  earliestBulkDeliveryDate,
  latestBulkDeliveryDate,
  shopDate,
} from "../../../../shared/rules/bulk-delivery-date.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { firstProblem, showServerRefusal, useCheckedForm } from "../../../lib/checked-form.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useNavigate } from "../../../lib/router/index.ts";
import { typedSchemaChecks } from "../../../lib/schema-checks.ts";
import { useSubmitBulkOrder } from "../api/bulk-orders.ts";

/** What the fields hold: no occasion chosen yet, the terms not yet ticked. */
type FormValues = {
  name: string;
  email: string;
  phone: string;
  eventType: string;
  products: string;
  location: string;
  deliveryDate: string;
  codRequested: boolean;
  termsAccepted: boolean;
  website: string;
};
const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  eventType: "",
  products: "",
  location: "",
  deliveryDate: "",
  codRequested: false,
  termsAccepted: false,
  website: "",
};
const FIELD_ORDER = [
  "name",
  "email",
  "phone",
  "eventType",
  "products",
  "location",
  "deliveryDate",
  "termsAccepted",
] as const;
// The values go as typed to the server, which parses them with the same schema and its own clock.
const checks = typedSchemaChecks(bulkOrderRequestSchema);

export function BulkRequestForm() {
  const navigate = useNavigate();
  const submit = useSubmitBulkOrder();
  const { i18n } = useLingui();
  const form = useCheckedForm(checks, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const termsAccepted = useWatch({ control: form.control, name: "termsAccepted" });
  // The shop's calendar decides which days are open, whatever the device's time zone.
  const now = new Date();

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (submit.isPending) return;
      try {
        const view = await submit.mutateAsync(values);
        // The ticket rides in the address too, so a reload finds the request again (this
        // browser holds the server's cookie for it).
        navigate(`/bulk-order-confirmation?ticket=${encodeURIComponent(view.ticketId)}`, {
          state: { ticketId: view.ticketId },
        });
      } catch (error) {
        showServerRefusal(form, error, FIELD_ORDER);
      }
    },
    (problems) => {
      // As the spec orders them: anything missing, then the terms; wrong formats in between.
      const message = firstProblem(problems, FIELD_ORDER, BULK_MESSAGES.required);
      if (message) toast.error(i18n._(message));
    },
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={i18n._("Bulk order request")}
      aria-busy={submit.isPending}
    >
      <Field
        id="bulk-name"
        label={i18n._(COMMON_TEXTS.fullName)}
        required
        error={errors.name?.message}
      >
        <Input
          autoComplete="name"
          required
          maxLength={BULK_LIMITS.name}
          {...form.register("name")}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="bulk-email"
          label={i18n._(COMMON_TEXTS.email)}
          required
          error={errors.email?.message}
        >
          <Input
            type="email"
            autoComplete="email"
            required
            maxLength={BULK_LIMITS.email}
            {...form.register("email")}
          />
        </Field>
        <Field
          id="bulk-phone"
          label={i18n._(COMMON_TEXTS.mobileNumber)}
          required
          error={errors.phone?.message}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={i18n._(COMMON_TEXTS.mobilePlaceholder)}
            required
            maxLength={20}
            {...form.register("phone")}
          />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="bulk-eventType"
          label={i18n._("Request purpose")}
          required
          error={errors.eventType?.message}
        >
          <Select required {...form.register("eventType")}>
            <option value="">{i18n._("Select the occasion")}</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(EVENT_TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        </Field>
        <Controller
          control={form.control}
          name="deliveryDate"
          render={({ field }) => (
            <DatePicker
              id="bulk-deliveryDate"
              ref={field.ref}
              label={i18n._("Delivery date")}
              required
              value={field.value}
              onChange={field.onChange}
              onClose={field.onBlur}
              today={shopDate(now)}
              first={earliestBulkDeliveryDate(now)}
              last={latestBulkDeliveryDate(now)}
              hint={i18n._(BULK_MESSAGES.dateTooSoon)}
              error={errors.deliveryDate?.message}
            />
          )}
        />
      </div>
      <Field
        id="bulk-products"
        label={i18n._("Required products")}
        required
        error={errors.products?.message}
      >
        <Textarea
          required
          rows={5}
          maxLength={BULK_LIMITS.products}
          placeholder={i18n._(
            "One product a line, with the quantity:\nTomatoes 50 kg\nPaneer 10 kg",
          )}
          {...form.register("products")}
        />
      </Field>
      <Field
        id="bulk-location"
        label={i18n._("Delivery location")}
        required
        error={errors.location?.message}
      >
        <Textarea
          required
          rows={3}
          autoComplete="street-address"
          maxLength={BULK_LIMITS.location}
          placeholder={i18n._("Full address: venue, street, area, city and PIN code")}
          className="min-h-20"
          {...form.register("location")}
        />
      </Field>
      <div className="space-y-4 rounded-2xl bg-cream-100 p-4">
        <Checkbox
          id="bulk-codRequested"
          label={i18n._("Request cash on delivery")}
          description={i18n._(
            "Subject to approval by our team; otherwise the advance is paid online.",
          )}
          {...form.register("codRequested")}
        />
        <Checkbox
          id="bulk-termsAccepted"
          label={
            <>
              {i18n._("I agree to the terms and conditions")}
              <span aria-hidden="true"> *</span>
            </>
          }
          required
          aria-invalid={errors.termsAccepted ? true : undefined}
          {...form.register("termsAccepted")}
        />
      </div>
      {/* People never see this field; bots that fill it are thanked and ignored by the server. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="bulk-website">Website</label>
        <input id="bulk-website" tabIndex={-1} autoComplete="off" {...form.register("website")} />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!termsAccepted || submit.isPending}
      >
        <Send aria-hidden="true" className="h-4 w-4" />
        {submit.isPending ? i18n._(COMMON_TEXTS.submitting) : i18n._("Submit Bulk Order Request")}
      </Button>
      {!termsAccepted && (
        <p className="text-center text-xs text-ink-500">
          {i18n._("Tick the terms and conditions box to send your request.")}
        </p>
      )}
    </form>
  );
}

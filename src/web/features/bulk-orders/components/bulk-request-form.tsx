import { Send } from "lucide-react";
import { useRef, useState } from "react";
import {
  BULK_LIMITS,
  BULK_MESSAGES,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
} from "../../../../shared/contracts/bulk-request-form.ts";
import {
  earliestBulkDeliveryDate,
  latestBulkDeliveryDate,
  shopDate,
} from "../../../../shared/rules/bulk-delivery-date.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { networkError } from "../../../lib/api-client.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { loadPageTexts } from "../../../lib/i18n/shop-i18n.ts";
import { textOf, usePlainForm } from "../../../lib/plain-form.ts";
import { useNavigate } from "../../../lib/router/index.ts";
import { useSubmitBulkOrder } from "../api/bulk-orders.ts";

/** The order fields appear in, so the first problem announced is the first one on screen. */
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

/**
 * The schema's checks, with zod and the words of their problems, load when a person first
 * reaches the form (or sends it), not with the page: with react-hook-form they were the largest
 * part of the page's first-load JavaScript.
 */
const loadChecks = () =>
  Promise.all([
    import("../bulk-request-checks.ts"),
    loadPageTexts(["features/bulk-orders/bulk-request-checks"]),
  ]).then(
    ([module]) => module.bulkRequestChecks,
    () => {
      throw networkError();
    },
  );

export function BulkRequestForm() {
  const navigate = useNavigate();
  const submit = useSubmitBulkOrder();
  const { i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  // The calendar is no input of the form: its day is held here (and in a ref, for a check run
  // right after a pick, before the page draws it) and read when the form is sent.
  const [deliveryDate, setDeliveryDate] = useState("");
  const picked = useRef("");
  const [termsAccepted, setTermsAccepted] = useState(false);
  // The shop's calendar decides which days are open, whatever the device's time zone.
  const now = new Date();

  const form = usePlainForm({
    fields: FIELD_ORDER,
    // The values go as typed to the server, which parses them with the same schema and its own
    // clock; an unticked box is false, no occasion chosen is "".
    read: (data) => ({
      name: textOf(data, "name"),
      email: textOf(data, "email"),
      phone: textOf(data, "phone"),
      eventType: textOf(data, "eventType"),
      products: textOf(data, "products"),
      location: textOf(data, "location"),
      deliveryDate: picked.current,
      codRequested: data.get("codRequested") !== null,
      termsAccepted: data.get("termsAccepted") !== null,
      website: textOf(data, "website"),
    }),
    checks: async (values) => (await loadChecks())(values),
    // As the spec orders them: anything missing, then the terms; wrong formats in between.
    missingMessage: BULK_MESSAGES.required,
    recheck: true,
    send: async (request) => {
      if (submit.isPending) return;
      try {
        const view = await submit.mutateAsync(request);
        // The ticket rides in the address too, so a reload finds the request again (this
        // browser holds the server's cookie for it).
        navigate(`/bulk-order-confirmation?ticket=${encodeURIComponent(view.ticketId)}`, {
          state: { ticketId: view.ticketId },
        });
      } catch (error) {
        form.refuse(error);
      }
    },
  });
  const { problems } = form;

  return (
    <form
      ref={formRef}
      onSubmit={form.onSubmit}
      onChange={form.onChange}
      // Whoever starts on the form will soon need its checks: fetched while they type.
      onFocus={() => void loadChecks().catch(() => undefined)}
      noValidate
      className="space-y-5"
      aria-label={i18n._("Bulk order request")}
      aria-busy={submit.isPending}
    >
      <Field id="bulk-name" label={i18n._(COMMON_TEXTS.fullName)} required error={problems.name}>
        <Input autoComplete="name" required maxLength={BULK_LIMITS.name} name="name" />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="bulk-email" label={i18n._(COMMON_TEXTS.email)} required error={problems.email}>
          <Input
            type="email"
            autoComplete="email"
            required
            maxLength={BULK_LIMITS.email}
            name="email"
          />
        </Field>
        <Field
          id="bulk-phone"
          label={i18n._(COMMON_TEXTS.mobileNumber)}
          required
          error={problems.phone}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={i18n._(COMMON_TEXTS.mobilePlaceholder)}
            required
            maxLength={20}
            name="phone"
          />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="bulk-eventType"
          label={i18n._("Request purpose")}
          required
          error={problems.eventType}
        >
          <Select required name="eventType">
            <option value="">{i18n._("Select the occasion")}</option>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(EVENT_TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        </Field>
        <DatePicker
          id="bulk-deliveryDate"
          name="deliveryDate"
          label={i18n._("Delivery date")}
          required
          value={deliveryDate}
          onChange={(day) => {
            picked.current = day;
            setDeliveryDate(day);
            if (formRef.current) void form.recheckField(formRef.current, "deliveryDate");
          }}
          today={shopDate(now)}
          first={earliestBulkDeliveryDate(now)}
          last={latestBulkDeliveryDate(now)}
          hint={i18n._(BULK_MESSAGES.dateTooSoon)}
          error={problems.deliveryDate}
        />
      </div>
      <Field
        id="bulk-products"
        label={i18n._("Required products")}
        required
        error={problems.products}
      >
        <Textarea
          required
          rows={5}
          maxLength={BULK_LIMITS.products}
          placeholder={i18n._(
            "One product a line, with the quantity:\nTomatoes 50 kg\nPaneer 10 kg",
          )}
          name="products"
        />
      </Field>
      <Field
        id="bulk-location"
        label={i18n._("Delivery location")}
        required
        error={problems.location}
      >
        <Textarea
          required
          rows={3}
          autoComplete="street-address"
          maxLength={BULK_LIMITS.location}
          placeholder={i18n._("Full address: venue, street, area, city and PIN code")}
          className="min-h-20"
          name="location"
        />
      </Field>
      <div className="space-y-4 rounded-2xl bg-cream-100 p-4">
        <Checkbox
          id="bulk-codRequested"
          label={i18n._("Request cash on delivery")}
          description={i18n._(
            "Subject to approval by our team; otherwise the advance is paid online.",
          )}
          name="codRequested"
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
          aria-invalid={problems.termsAccepted ? true : undefined}
          name="termsAccepted"
          onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
        />
      </div>
      {/* People never see this field; bots that fill it are thanked and ignored by the server. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="bulk-website">Website</label>
        <input id="bulk-website" tabIndex={-1} autoComplete="off" name="website" />
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

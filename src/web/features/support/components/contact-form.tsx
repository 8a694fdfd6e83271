import { CheckCircle2, Send } from "lucide-react";
import { useState } from "react";
import {
  QUERY_TYPE_LABELS,
  QUERY_TYPES,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
} from "../../../../shared/contracts/support-form.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { networkError } from "../../../lib/api-client.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { loadPageTexts } from "../../../lib/i18n/shop-i18n.ts";
import { usePlainForm } from "../../../lib/plain-form.ts";
import { useSendSupportRequest } from "../api/send-support-request.ts";

/** The order fields appear in, so the first problem announced is the first one on screen. */
const FIELD_ORDER = ["name", "email", "phone", "orderNumber", "queryType", "message"] as const;

/**
 * The schema's checks, with zod and the words of their problems, load when a person first
 * reaches the form (or sends it), not with the page: they were a third of the page's first-load
 * JavaScript.
 */
const loadChecks = () =>
  Promise.all([
    import("../support-request-problems.ts"),
    loadPageTexts(["features/support/support-request-problems"]),
  ]).then(
    ([module]) => module.supportRequestChecks,
    () => {
      throw networkError();
    },
  );

export function ContactForm() {
  const [reference, setReference] = useState<string | null>(null);
  const send = useSendSupportRequest();
  const { i18n } = useLingui();
  const form = usePlainForm({
    fields: FIELD_ORDER,
    read: (data) =>
      Object.fromEntries(
        [...data].map(([name, value]) => [name, typeof value === "string" ? value : ""]),
      ),
    checks: async (values) => (await loadChecks())(values),
    missingMessage: SUPPORT_MESSAGES.required,
    recheck: true,
    send: async (request, element) => {
      try {
        const receipt = await send.mutateAsync(request);
        form.clear(element);
        setReference(receipt.reference);
        toast.success(
          i18n._("Message sent! Your reference number is {reference}", {
            reference: receipt.reference,
          }),
          {
            description: i18n._("We have emailed you a copy and will reply within {hours} hours.", {
              hours: STORE.replyWithinHours,
            }),
          },
        );
      } catch (error) {
        form.refuse(error);
      }
    },
  });
  const { problems } = form;

  return (
    <div className="space-y-6">
      <div role="status">
        {reference && (
          <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <p>
              <Trans
                id={
                  /*i18n*/ "Thank you! Your message has been sent. Your reference number is <0>{reference}</0>. We have emailed you a copy and will reply within {hours} hours."
                }
                values={{ reference, hours: STORE.replyWithinHours }}
                components={{ 0: <strong data-testid="support-reference" /> }}
              />
            </p>
          </div>
        )}
      </div>
      <form
        onSubmit={form.onSubmit}
        onChange={form.onChange}
        // Whoever starts on the form will soon need its checks: fetched while they type.
        onFocus={() => void loadChecks().catch(() => undefined)}
        noValidate
        className="space-y-5"
        aria-label={i18n._("Contact us")}
        aria-busy={send.isPending}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="support-name" label={i18n._(COMMON_TEXTS.name)} required error={problems.name}>
            <Input autoComplete="name" required maxLength={SUPPORT_LIMITS.name} name="name" />
          </Field>
          <Field
            id="support-email"
            label={i18n._(COMMON_TEXTS.email)}
            required
            error={problems.email}
          >
            <Input
              type="email"
              autoComplete="email"
              required
              maxLength={SUPPORT_LIMITS.email}
              name="email"
            />
          </Field>
          <Field id="support-phone" label={i18n._("Phone (optional)")} error={problems.phone}>
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={i18n._(COMMON_TEXTS.mobilePlaceholder)}
              maxLength={20}
              name="phone"
            />
          </Field>
          <Field
            id="support-orderNumber"
            label={i18n._("Order number (optional)")}
            error={problems.orderNumber}
          >
            <Input
              autoComplete="off"
              placeholder={i18n._("FHH-123456 or BOR-123456-1234")}
              maxLength={20}
              name="orderNumber"
            />
          </Field>
        </div>
        <Field
          id="support-queryType"
          label={i18n._("Query type")}
          required
          error={problems.queryType}
        >
          <Select required name="queryType">
            <option value="">{i18n._("Select a query type")}</option>
            {QUERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(QUERY_TYPE_LABELS[type])}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="support-message"
          label={i18n._(COMMON_TEXTS.message)}
          required
          error={problems.message}
        >
          <Textarea
            required
            maxLength={SUPPORT_LIMITS.message}
            placeholder={i18n._("How can we help? For an order, tell us what went wrong and when.")}
            name="message"
          />
        </Field>
        {/* People never see this field; bots that fill it are thanked and ignored by the server. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="support-website">Website</label>
          <input id="support-website" tabIndex={-1} autoComplete="off" name="website" />
        </div>
        <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" className="h-4 w-4" />
          {send.isPending ? i18n._(COMMON_TEXTS.sending) : i18n._("Send Message")}
        </Button>
      </form>
    </div>
  );
}

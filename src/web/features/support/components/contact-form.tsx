import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Send } from "lucide-react";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import {
  QUERY_TYPE_LABELS,
  QUERY_TYPES,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  type SupportRequestInput,
  supportRequestSchema,
} from "../../../../shared/contracts/support.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "../../../components/ui/field.tsx";
import { firstProblem, showServerRefusal } from "../../../lib/form-refusals.ts";
import { useSendSupportRequest } from "../api/send-support-request.ts";

type FormValues = {
  name: string;
  email: string;
  phone: string;
  orderNumber: string;
  queryType: string;
  message: string;
  website: string;
};
const EMPTY: FormValues = {
  name: "",
  email: "",
  phone: "",
  orderNumber: "",
  queryType: "",
  message: "",
  website: "",
};
/** The order fields appear in, so the first problem announced is the first one on screen. */
const FIELD_ORDER = ["name", "email", "phone", "orderNumber", "queryType", "message"] as const;

/** Missing fields first, as the spec words it; otherwise the first wrong format. */

export function ContactForm() {
  const [reference, setReference] = useState<string | null>(null);
  const send = useSendSupportRequest();
  const form = useForm<FormValues>({
    // The raw values go to the server, which parses them with the same schema.
    resolver: zodResolver(supportRequestSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<FormValues>,
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (send.isPending) return;
      try {
        const receipt = await send.mutateAsync(values as SupportRequestInput);
        form.reset(EMPTY);
        setReference(receipt.reference);
        toast.success(`Message sent! Your reference number is ${receipt.reference}`, {
          description: `We have emailed you a copy and will reply within ${STORE.replyWithinHours} hours.`,
        });
      } catch (error) {
        showServerRefusal(form, error, FIELD_ORDER);
      }
    },
    (problems) => {
      const message = firstProblem(problems, FIELD_ORDER, SUPPORT_MESSAGES.required);
      if (message) toast.error(message);
    },
  );

  return (
    <div className="space-y-6">
      <div role="status">
        {reference && (
          <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-800">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <p>
              Thank you! Your message has been sent. Your reference number is{" "}
              <strong data-testid="support-reference">{reference}</strong>. We have emailed you a
              copy and will reply within {STORE.replyWithinHours} hours.
            </p>
          </div>
        )}
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-5"
        aria-label="Contact us"
        aria-busy={send.isPending}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="support-name" label="Name" required error={errors.name?.message}>
            <Input
              autoComplete="name"
              required
              maxLength={SUPPORT_LIMITS.name}
              {...form.register("name")}
            />
          </Field>
          <Field id="support-email" label="Email" required error={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              required
              maxLength={SUPPORT_LIMITS.email}
              {...form.register("email")}
            />
          </Field>
          <Field id="support-phone" label="Phone (optional)" error={errors.phone?.message}>
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="10-digit mobile number"
              maxLength={20}
              {...form.register("phone")}
            />
          </Field>
          <Field
            id="support-orderNumber"
            label="Order number (optional)"
            error={errors.orderNumber?.message}
          >
            <Input
              autoComplete="off"
              placeholder="FHH-123456 or BOR-123456-1234"
              maxLength={20}
              {...form.register("orderNumber")}
            />
          </Field>
        </div>
        <Field id="support-queryType" label="Query type" required error={errors.queryType?.message}>
          <Select required {...form.register("queryType")}>
            <option value="">Select a query type</option>
            {QUERY_TYPES.map((type) => (
              <option key={type} value={type}>
                {QUERY_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="support-message" label="Message" required error={errors.message?.message}>
          <Textarea
            required
            maxLength={SUPPORT_LIMITS.message}
            placeholder="How can we help? For an order, tell us what went wrong and when."
            {...form.register("message")}
          />
        </Field>
        {/* People never see this field; bots that fill it are thanked and ignored by the server. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="support-website">Website</label>
          <input
            id="support-website"
            tabIndex={-1}
            autoComplete="off"
            {...form.register("website")}
          />
        </div>
        <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" className="h-4 w-4" />
          {send.isPending ? "Sending..." : "Send Message"}
        </Button>
      </form>
    </div>
  );
}

import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { FEEDBACK_LIMITS, feedbackInputSchema } from "../../../../shared/contracts/feedback.ts";
import { STORE } from "../../../../shared/store-info.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, Textarea } from "../../../components/ui/field.tsx";
import { showServerRefusal, useCheckedForm } from "../../../lib/checked-form.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { schemaChecks } from "../../../lib/schema-checks.ts";
import { useSendFeedback } from "../api/send-feedback.ts";

export const THANK_YOU_MS = 3000;

const EMPTY = { name: "", email: "", message: "", website: "" };
const FIELDS = ["name", "email", "message", "website"] as const;
const checks = schemaChecks(feedbackInputSchema);

/**
 * Words other forms of the store say too (a rating's thanks, the contact form's fields): the
 * forms' catalogue holds them (each text is kept in one catalogue), so they are not marked here.
 */
const FORM_WORDS = {
  name: "Name",
  email: "Email",
  message: "Message",
  feedback: "Feedback",
  submitting: "Submitting...",
  thanks: "Thank you for your feedback!",
} as const;

export default function FeedbackForm() {
  const [thanked, setThanked] = useState(false);
  const send = useSendFeedback();
  const { i18n } = useLingui();
  const form = useCheckedForm(checks, { defaultValues: EMPTY });
  const { errors } = form.formState;

  useEffect(() => {
    if (!thanked) return;
    const timer = window.setTimeout(() => setThanked(false), THANK_YOU_MS);
    return () => window.clearTimeout(timer);
  }, [thanked]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      form.reset(EMPTY);
      setThanked(true);
      toast.success(i18n._(FORM_WORDS.thanks), {
        description: i18n._(
          "We read every message and reply within {hours} hours when you ask us something.",
          { hours: STORE.replyWithinHours },
        ),
      });
    } catch (error) {
      showServerRefusal(form, error, FIELDS);
    }
  });

  if (thanked) {
    return (
      <div
        role="status"
        className="flex flex-col items-center py-12 text-center"
        data-testid="feedback-thanks"
      >
        <CheckCircle2 aria-hidden="true" className="h-14 w-14 text-brand-600" />
        <p className="mt-4 text-2xl font-bold text-ink-900">{i18n._("Thank You!")}</p>
        <p className="mt-2 text-ink-500">
          {i18n._("Your feedback helps our farmers and our team do better.")}
        </p>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={i18n._(FORM_WORDS.feedback)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="feedback-name"
          label={i18n._(FORM_WORDS.name)}
          required
          error={errors.name?.message}
        >
          <Input
            autoComplete="name"
            required
            maxLength={FEEDBACK_LIMITS.name}
            {...form.register("name")}
          />
        </Field>
        <Field
          id="feedback-email"
          label={i18n._(FORM_WORDS.email)}
          required
          error={errors.email?.message}
        >
          <Input
            type="email"
            autoComplete="email"
            required
            maxLength={FEEDBACK_LIMITS.email}
            {...form.register("email")}
          />
        </Field>
      </div>
      <Field
        id="feedback-message"
        label={i18n._(FORM_WORDS.message)}
        required
        error={errors.message?.message}
      >
        <Textarea
          required
          maxLength={FEEDBACK_LIMITS.message}
          placeholder={i18n._("Tell us what you loved, or what we could do better")}
          {...form.register("message")}
        />
      </Field>
      {/* People never see this field; bots that fill it are ignored by the server. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="feedback-website">Website</label>
        <input
          id="feedback-website"
          tabIndex={-1}
          autoComplete="off"
          {...form.register("website")}
        />
      </div>
      <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
        <Send aria-hidden="true" className="h-4 w-4" />
        {send.isPending ? i18n._(FORM_WORDS.submitting) : i18n._("Send Feedback")}
      </Button>
    </form>
  );
}

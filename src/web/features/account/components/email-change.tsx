import { useState } from "react";
import { ACCOUNT_MESSAGES, RECENT_SIGN_IN_MINUTES } from "../../../../shared/contracts/account.ts";
import { RESEND_SECONDS } from "../../../../shared/rules/account-forms.ts";
import { FORMAT_MESSAGES, isEmail } from "../../../../shared/rules/formats.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { ruleChecks } from "../../../lib/form-checks.ts";
import { Trans, useLingui } from "../../../lib/i18n/react-binding.tsx";
import { typedValue } from "../../../lib/i18n/typed-value.tsx";
import { useChangeEmail, useRequestEmailChange } from "../api/account.ts";
import { codeChecks } from "../code-checks.ts";
import { refusalCode, showCodeRefusal } from "../code-errors.ts";
import { useCountdown } from "../use-countdown.ts";
import { CodeField } from "./code-field.tsx";

type AddressValues = { email: string; password: string };

const FIELD_IDS = { email: "new-email", password: "email-change-password", code: "email-code" };

/** The values of `ACCOUNT_MESSAGES.signInAgain`. */
const SIGN_IN_AGAIN_VALUES = { minutes: RECENT_SIGN_IN_MINUTES };

/**
 * The account's email, and its change: asked for with the current password (an account without
 * one needs a recent sign-in), a code goes to the new address, which then replaces the old one.
 */
export function EmailChange({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { i18n } = useLingui();
  const [step, setStep] = useState<"shown" | "address" | "code">("shown");
  // The address the code went to, which the change names.
  const [sentTo, setSentTo] = useState("");
  const addressChecks = ruleChecks((values: AddressValues) => {
    const typed = values.email.trim();
    if (!isEmail(typed)) return { field: "email", message: FORMAT_MESSAGES.email };
    if (typed.toLowerCase() === email.toLowerCase()) {
      return { field: "email", message: ACCOUNT_MESSAGES.sameEmail };
    }
    if (hasPassword && !values.password) {
      return { field: "password", message: ACCOUNT_MESSAGES.currentPasswordRequired };
    }
    return null;
  });
  const addressForm = useCheckedForm(addressChecks, {
    defaultValues: { email: "", password: "" },
    reValidateMode: "onSubmit",
  });
  const codeForm = useCheckedForm(codeChecks, {
    defaultValues: { code: "" },
    reValidateMode: "onSubmit",
  });
  const request = useRequestEmailChange();
  const change = useChangeEmail();
  const countdown = useCountdown(RESEND_SECONDS);

  const close = () => {
    setStep("shown");
    addressForm.reset();
    codeForm.reset();
  };
  const sendCode = async (values: AddressValues) => {
    const typed = values.email.trim();
    try {
      await request.mutateAsync({
        newEmail: typed,
        ...(hasPassword ? { currentPassword: values.password } : {}),
      });
      countdown.restart();
      codeForm.reset();
      setSentTo(typed);
      setStep("code");
    } catch (error) {
      const code = refusalCode(error);
      if (code === "INVALID_PASSWORD" || code === "CURRENT_PASSWORD_REQUIRED") {
        setStep("address");
        addressForm.setError("password", { message: errorMessage(error) }, { shouldFocus: true });
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
        setStep("address");
        const message =
          code === "SIGN_IN_AGAIN"
            ? i18n._(ACCOUNT_MESSAGES.signInAgain, SIGN_IN_AGAIN_VALUES)
            : error.message;
        addressForm.setError("email", { message }, { shouldFocus: true });
      } else toast.error(errorMessage(error));
    }
  };
  const onAddress = addressForm.handleSubmit(sendCode);
  const onCode = codeForm.handleSubmit(async ({ code }) => {
    try {
      await change.mutateAsync({ newEmail: sentTo, otp: code });
      toast.success(i18n._(ACCOUNT_MESSAGES.emailChanged, { email: sentTo.toLowerCase() }));
      close();
    } catch (error) {
      showCodeRefusal(error, (message) =>
        codeForm.setError("code", { message }, { shouldFocus: true }),
      );
    }
  });

  if (step === "shown") {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-500/15 pt-4">
        <p className="text-sm text-ink-700">
          <span className="text-ink-500">{i18n._("Email:")} </span>
          <span className="font-semibold break-all">{email}</span>
        </p>
        <Button variant="outline" size="sm" onClick={() => setStep("address")}>
          {i18n._("Change email")}
        </Button>
      </div>
    );
  }
  if (step === "address") {
    const { errors } = addressForm.formState;
    return (
      <form
        onSubmit={onAddress}
        noValidate
        aria-label={i18n._("Change email")}
        className="space-y-4 border-t border-ink-500/15 pt-4"
      >
        <p className="text-sm text-ink-700">
          <Trans
            id={
              /*i18n*/ "Your email is <0>{email}</0>. We send a code to the new address; the change is made once you enter it."
            }
            values={{ email: typedValue(email) }}
            components={{ 0: <span className="font-semibold break-all" /> }}
          />
          {!hasPassword && ` ${i18n._(ACCOUNT_MESSAGES.signInAgain, SIGN_IN_AGAIN_VALUES)}`}
        </p>
        <LabeledInput
          id={FIELD_IDS.email}
          label={i18n._("New email address")}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...addressForm.register("email")}
        />
        {hasPassword && (
          <LabeledInput
            id={FIELD_IDS.password}
            label={i18n._("Current password")}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...addressForm.register("password")}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? i18n._(COMMON_TEXTS.sending) : i18n._("Send code")}
          </Button>
          <Button type="button" variant="outline" onClick={close}>
            {i18n._("Cancel")}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form
      onSubmit={onCode}
      noValidate
      aria-label={i18n._("Confirm new email")}
      className="space-y-4 border-t border-ink-500/15 pt-4"
    >
      <p className="text-sm text-ink-700" role="status">
        {i18n._(ACCOUNT_MESSAGES.emailCodeSent, { email: sentTo })}
      </p>
      <CodeField
        id={FIELD_IDS.code}
        error={codeForm.formState.errors.code?.message}
        {...codeForm.register("code")}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? i18n._("Confirming...") : i18n._("Confirm new email")}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => void sendCode(addressForm.getValues())}
          disabled={countdown.left > 0 || request.isPending}
        >
          {countdown.left > 0
            ? i18n._("Resend code in {seconds}s", { seconds: countdown.left })
            : i18n._("Resend code")}
        </Button>
        <Button type="button" variant="ghost" onClick={close}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </form>
  );
}

import { useState } from "react";
import type { Profile } from "../../../../shared/contracts/account.ts";
import {
  ACCOUNT_DELETED_PAGE,
  DELETION_VALUES,
  ACCOUNT_DELETION_MESSAGES as WORDS,
} from "../../../../shared/contracts/account-deletion.ts";
import { readFilled } from "../../../../shared/i18n/fill.ts";
import { CODE_LENGTH, RESEND_SECONDS } from "../../../../shared/rules/account-forms.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useCheckedForm } from "../../../lib/checked-form.ts";
import { ruleChecks } from "../../../lib/form-checks.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { useNavigate } from "../../../lib/router/index.ts";
import { useDeleteAccount, useRequestDeletionCode } from "../api/account-deletion.ts";
import { useCountdown } from "../use-countdown.ts";
import { AccountSection } from "./account-section.tsx";
import { CodeField } from "./code-field.tsx";

type Proof = "password" | "code";
type Proofs = Record<Proof, string>;

function FactList({ heading, items }: { heading: string; items: readonly string[] }) {
  const { i18n } = useLingui();
  return (
    <div>
      <h3 className="text-sm font-bold text-ink-900">{i18n._(heading)}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink-700">
        {items.map((item) => (
          <li key={item}>{i18n._(item, DELETION_VALUES)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Deleting the account for good, confirmed with the password or a code emailed to the account's
 * address (the only way for an account made with Google or OIDC). The server refuses while an
 * order is under way; once it is done, the page leaves for the notice that the account is gone.
 */
export function DeleteAccount({ profile, className }: { profile: Profile; className?: string }) {
  const { i18n } = useLingui();
  const [proof, setProof] = useState<Proof>(profile.hasPassword ? "password" : "code");
  const [codeSent, setCodeSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Only the proof being given is checked, and sent.
  const checks = ruleChecks((values: Proofs) => {
    if (proof === "password" && !values.password) {
      return { field: "password", message: WORDS.passwordRequired };
    }
    if (proof === "code" && values.code.length !== CODE_LENGTH) {
      return { field: "code", message: i18n._(WORDS.codeRequired, DELETION_VALUES) };
    }
    return null;
  });
  const form = useCheckedForm(checks, {
    defaultValues: { password: "", code: "" },
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const requestCode = useRequestDeletionCode();
  const remove = useDeleteAccount();
  const countdown = useCountdown(RESEND_SECONDS);
  const navigate = useNavigate();

  const refused = (error: unknown, field: Proof) => {
    if (error instanceof ApiError && error.status === 400) {
      form.setError(field, { message: error.message }, { shouldFocus: true });
    } else if (error instanceof ApiError && (error.status === 409 || error.status === 429)) {
      setRefusal(error.message);
    } else {
      toast.error(errorMessage(error));
    }
  };

  const sendCode = async () => {
    setRefusal(null);
    form.clearErrors();
    try {
      await requestCode.mutateAsync();
      setProof("code");
      form.setValue("code", "");
      setCodeSent(true);
      countdown.restart();
      window.setTimeout(() => document.getElementById("delete-code")?.focus());
    } catch (error) {
      refused(error, "code");
    }
  };

  const onSubmit = form.handleSubmit(async ({ password, code }) => {
    try {
      await remove.mutateAsync(proof === "password" ? { password } : { code });
      await navigate(ACCOUNT_DELETED_PAGE, { replace: true, state: { deleted: true } });
    } catch (error) {
      refused(error, proof);
    }
  });

  // The server's refusal, in the page's words: an order still under way is named in it.
  const refusalText = (message: string) => {
    for (const text of [WORDS.openOrder, WORDS.openBulkOrder]) {
      const values = readFilled(text, message);
      if (values) return i18n._(text, values);
    }
    return i18n._(message);
  };

  const asking = proof === "code" && !codeSent;
  return (
    <div className={className}>
      <AccountSection
        id="delete-account"
        title={i18n._(WORDS.title)}
        description={i18n._(WORDS.intro)}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FactList heading={WORDS.erasedHeading} items={WORDS.erased} />
          <FactList heading={WORDS.keptHeading} items={WORDS.kept} />
        </div>
        <form
          onSubmit={(event) => {
            setRefusal(null);
            void onSubmit(event);
          }}
          noValidate
          aria-label={i18n._(WORDS.title)}
          className="mt-6 space-y-4 border-t border-ink-500/15 pt-4"
        >
          {!profile.hasPassword && (
            <p className="text-sm text-ink-700">{i18n._(WORDS.noPasswordIntro)}</p>
          )}
          {proof === "password" ? (
            <LabeledInput
              id="delete-password"
              label={i18n._(WORDS.passwordLabel)}
              type="password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...form.register("password")}
            />
          ) : (
            codeSent && (
              <>
                <p className="text-sm text-ink-700" role="status">
                  {i18n._(WORDS.codeSent, { ...DELETION_VALUES, email: profile.email })}
                </p>
                <CodeField
                  id="delete-code"
                  error={errors.code?.message}
                  {...form.register("code")}
                />
              </>
            )
          )}
          {refusal && (
            <p className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
              {refusalText(refusal)}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            {asking ? (
              <Button
                type="button"
                onClick={() => void sendCode()}
                disabled={requestCode.isPending}
              >
                {i18n._(requestCode.isPending ? WORDS.sendingCode : WORDS.sendCodeOnly)}
              </Button>
            ) : (
              <Button type="submit" variant="danger" disabled={remove.isPending}>
                {i18n._(remove.isPending ? WORDS.deleting : WORDS.confirm)}
              </Button>
            )}
            {proof === "password" && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => void sendCode()}
                disabled={requestCode.isPending}
              >
                {i18n._(requestCode.isPending ? WORDS.sendingCode : WORDS.sendCode)}
              </Button>
            )}
            {proof === "code" && codeSent && (
              <Button
                type="button"
                variant="outline"
                onClick={() => void sendCode()}
                disabled={countdown.left > 0 || requestCode.isPending}
              >
                {countdown.left > 0
                  ? // WORDS.sendAnotherCode, with the seconds until it may be asked for.
                    i18n._("Email me another code in {seconds}s", { seconds: countdown.left })
                  : i18n._(WORDS.sendAnotherCode)}
              </Button>
            )}
            {proof === "code" && profile.hasPassword && (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setProof("password");
                  form.clearErrors();
                }}
              >
                {i18n._(WORDS.usePassword)}
              </Button>
            )}
          </div>
        </form>
      </AccountSection>
    </div>
  );
}

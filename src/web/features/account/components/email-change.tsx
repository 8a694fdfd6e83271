import { type FormEvent, useState } from "react";
import { ACCOUNT_MESSAGES } from "../../../../shared/contracts/account.ts";
import { codeProblem, RESEND_SECONDS } from "../../../../shared/rules/account-forms.ts";
import { FORMAT_MESSAGES, isEmail } from "../../../../shared/rules/formats.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useChangeEmail, useRequestEmailChange } from "../api/account.ts";
import { showCodeRefusal } from "../code-errors.ts";
import { useCountdown } from "../use-countdown.ts";
import { CodeField } from "./code-field.tsx";

type Problem = { field: "email" | "password" | "code"; message: string } | null;

const FIELD_IDS = { email: "new-email", password: "email-change-password", code: "email-code" };

/**
 * The account's email, and its change: asked for with the current password (an account without
 * one needs a recent sign-in), a code goes to the new address, which then replaces the old one.
 */
export function EmailChange({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [step, setStep] = useState<"shown" | "address" | "code">("shown");
  const [newEmail, setNewEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblemState] = useState<Problem>(null);
  const setProblem = (found: Problem) => {
    setProblemState(found);
    if (found) document.getElementById(FIELD_IDS[found.field])?.focus();
  };
  const request = useRequestEmailChange();
  const change = useChangeEmail();
  const countdown = useCountdown(RESEND_SECONDS);

  const close = () => {
    setStep("shown");
    setNewEmail("");
    setPassword("");
    setCode("");
    setProblemState(null);
  };
  const addressProblem = (typed: string): Problem => {
    if (!isEmail(typed)) return { field: "email", message: FORMAT_MESSAGES.email };
    if (typed.toLowerCase() === email.toLowerCase()) {
      return { field: "email", message: ACCOUNT_MESSAGES.sameEmail };
    }
    if (hasPassword && !password) {
      return { field: "password", message: ACCOUNT_MESSAGES.currentPasswordRequired };
    }
    return null;
  };
  const sendCode = async () => {
    const typed = newEmail.trim();
    const found = addressProblem(typed);
    setProblem(found);
    if (found) return;
    try {
      await request.mutateAsync({
        newEmail: typed,
        ...(hasPassword ? { currentPassword: password } : {}),
      });
      countdown.restart();
      setCode("");
      setStep("code");
    } catch (error) {
      const code = error instanceof ApiError ? (error.code as string) : "";
      if (code === "INVALID_PASSWORD" || code === "CURRENT_PASSWORD_REQUIRED") {
        setStep("address");
        setProblem({ field: "password", message: (error as ApiError).message });
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 403)) {
        setStep("address");
        setProblem({ field: "email", message: error.message });
      } else toast.error(errorMessage(error));
    }
  };
  const onAddress = (event: FormEvent) => {
    event.preventDefault();
    void sendCode();
  };
  const onCode = async (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found ? { field: "code", message: found } : null);
    if (found) return;
    try {
      await change.mutateAsync({ newEmail: newEmail.trim(), otp: code });
      toast.success(ACCOUNT_MESSAGES.emailChanged(newEmail.trim().toLowerCase()));
      close();
    } catch (error) {
      showCodeRefusal(error, (message) => setProblem({ field: "code", message }));
    }
  };

  if (step === "shown") {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-ink-500/15 pt-4">
        <p className="text-sm text-ink-700">
          <span className="text-ink-500">Email: </span>
          <span className="font-semibold break-all">{email}</span>
        </p>
        <Button variant="outline" size="sm" onClick={() => setStep("address")}>
          Change email
        </Button>
      </div>
    );
  }
  if (step === "address") {
    return (
      <form
        onSubmit={onAddress}
        noValidate
        aria-label="Change email"
        className="space-y-4 border-t border-ink-500/15 pt-4"
      >
        <p className="text-sm text-ink-700">
          Your email is <span className="font-semibold break-all">{email}</span>. We send a code to
          the new address; the change is made once you enter it.
          {!hasPassword && ` ${ACCOUNT_MESSAGES.signInAgain}`}
        </p>
        <LabeledInput
          id={FIELD_IDS.email}
          label="New email address"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
          error={problem?.field === "email" ? problem.message : undefined}
        />
        {hasPassword && (
          <LabeledInput
            id={FIELD_IDS.password}
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problem?.field === "password" ? problem.message : undefined}
          />
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send code"}
          </Button>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form
      onSubmit={onCode}
      noValidate
      aria-label="Confirm new email"
      className="space-y-4 border-t border-ink-500/15 pt-4"
    >
      <p className="text-sm text-ink-700" role="status">
        {ACCOUNT_MESSAGES.emailCodeSent(newEmail.trim())}
      </p>
      <CodeField
        id={FIELD_IDS.code}
        value={code}
        onChange={setCode}
        error={problem?.field === "code" ? problem.message : undefined}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Confirming..." : "Confirm new email"}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => void sendCode()}
          disabled={countdown.left > 0 || request.isPending}
        >
          {countdown.left > 0 ? `Resend code in ${countdown.left}s` : "Resend code"}
        </Button>
        <Button type="button" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

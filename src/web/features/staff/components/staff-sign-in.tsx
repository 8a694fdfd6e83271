import { ArrowLeft, Lock } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { dashboardPath } from "../../../../shared/rules/staff.ts";
import { toast } from "../../../components/toasts.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { Link, useNavigate } from "../../../lib/router/index.ts";
import { needsEnrolment, useLoadStaffSession, useSignInPageSession } from "../api/staff-session.ts";
import { OWN_DASHBOARD_TEXT } from "../texts.ts";
import { BackupCodeForm } from "./backup-code-form.tsx";
import { OwnDashboard } from "./own-dashboard.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { TotpCodeForm } from "./totp-code-form.tsx";
import { TwoFactorEnrolment } from "./two-factor-enrolment.tsx";

type Step =
  | { name: "credentials" }
  | { name: "second-factor" }
  | { name: "backup-code" }
  | { name: "enrol"; password: string };

const HEADINGS: Record<Step["name"], { title: string; intro: string }> = {
  credentials: {
    title: "Staff sign in",
    intro: "For the store's team: sign in to open your dashboard.",
  },
  "second-factor": {
    title: "Two-step verification",
    intro: "Enter the 6-digit code your authenticator app shows for Fresh Harvest Hub.",
  },
  "backup-code": {
    title: "Use a backup code",
    intro: "Enter one of the backup codes you saved when you set up your authenticator.",
  },
  enrol: {
    title: "Set up two-step verification",
    intro: "This store asks every staff member for a code from an authenticator app at sign-in.",
  },
};

function Card({ step, children }: { step: Step["name"]; children: ReactNode }) {
  const { title, intro } = HEADINGS[step];
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // A new step replaces the card's content: say so by moving the focus to its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
          <Lock aria-hidden="true" className="h-6 w-6" />
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 font-display text-3xl font-bold text-ink-900 focus:outline-none"
        >
          {title}
        </h1>
        <p className="mt-2 text-ink-500">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Home
        </Link>
      </p>
    </div>
  );
}

function StepSwitch({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <p className="mt-4 text-center text-sm">
      <button
        type="button"
        onClick={onClick}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {children}
      </button>
    </p>
  );
}

/**
 * `/admin`: username and password; then, where the store asks for it, the authenticator code
 * (or its first set-up); then the member's own dashboard. A member already signed in goes
 * straight there.
 */
export function StaffSignIn() {
  const [step, setStep] = useState<Step>({ name: "credentials" });
  const session = useSignInPageSession();
  const loadSession = useLoadStaffSession();
  const navigate = useNavigate();

  /** Signed in: enrol first if the store asks for a second factor not set up yet. */
  const continueWith = async (password?: string) => {
    const session = await loadSession.mutateAsync();
    if (!session) throw new Error("The sign-in did not last. Please try again.");
    if (needsEnrolment(session)) {
      if (password) setStep({ name: "enrol", password });
      return;
    }
    navigate(dashboardPath(session.member.role), { replace: true });
  };

  const finish = async () => {
    try {
      await continueWith();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  // Only a session that was there before this page signed anyone in: a sign-in made here goes
  // on to its own steps (a first authenticator set-up needs the password just typed).
  const member = session.data?.member;
  if (member && step.name === "credentials" && loadSession.isIdle) {
    return <OwnDashboard member={member} why={OWN_DASHBOARD_TEXT.alreadySignedIn(member)} />;
  }

  return (
    <Card step={step.name}>
      {step.name === "credentials" && (
        <SignInForm
          onSignedIn={async (outcome, password) => {
            if (outcome === "second-factor") setStep({ name: "second-factor" });
            else await continueWith(password);
          }}
        />
      )}
      {step.name === "second-factor" && (
        <>
          <TotpCodeForm submitLabel="Verify" onVerified={finish} />
          <StepSwitch onClick={() => setStep({ name: "backup-code" })}>
            No phone? Use a backup code
          </StepSwitch>
        </>
      )}
      {step.name === "backup-code" && (
        <>
          <BackupCodeForm onVerified={finish} />
          <StepSwitch onClick={() => setStep({ name: "second-factor" })}>
            Use the authenticator app instead
          </StepSwitch>
        </>
      )}
      {step.name === "enrol" && <TwoFactorEnrolment password={step.password} onEnrolled={finish} />}
    </Card>
  );
}

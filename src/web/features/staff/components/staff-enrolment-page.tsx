import { ShieldCheck } from "lucide-react";
import { BrandLogo } from "../../../components/brand-logo.tsx";
import { LogoutButton } from "./staff-layout.tsx";
import { TwoFactorEnrolment } from "./two-factor-enrolment.tsx";

/** A member who signed in but left the authenticator set-up unfinished finishes it here. */
export function StaffEnrolmentPage({ onEnrolled }: { onEnrolled: () => Promise<void> }) {
  return (
    <div className="min-h-screen bg-cream-100">
      <header className="bg-brand-800 shadow-md">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <BrandLogo tone="light" />
          <LogoutButton />
        </div>
      </header>
      <main id="staff-main" className="mx-auto max-w-md px-4 py-12">
        <div className="rounded-3xl bg-white p-6 shadow-card sm:p-8">
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
            <ShieldCheck aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 className="mt-4 font-display text-3xl font-bold text-ink-900">
            Set up two-step verification
          </h1>
          <p className="mt-2 text-ink-500">
            Your dashboard opens once your authenticator app is set up. Confirm your password to
            begin.
          </p>
          <div className="mt-6">
            <TwoFactorEnrolment onEnrolled={onEnrolled} />
          </div>
        </div>
      </main>
    </div>
  );
}

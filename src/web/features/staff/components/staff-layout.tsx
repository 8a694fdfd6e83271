import { LogOut, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { initialsOf } from "../../../../shared/rules/initials.ts";
import { DASHBOARDS, type StaffRole } from "../../../../shared/rules/staff.ts";
import { BrandLogo } from "../../../components/brand-logo.tsx";
import { toast } from "../../../components/toasts.tsx";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useNavigate } from "../../../lib/router/index.ts";
import { type StaffMember, useStaffSignOut } from "../api/staff-session.ts";

function SkipLink() {
  return (
    <a
      href="#staff-main"
      className="sr-only z-[70] rounded-full bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to dashboard
    </a>
  );
}

export function LogoutButton() {
  const signOut = useStaffSignOut();
  const navigate = useNavigate();
  const onLogout = async () => {
    try {
      await signOut.mutateAsync();
      toast.success("Logged out successfully");
      // Pushed, not replaced: Back returns to the dashboard's address, and its guard turns away.
      navigate("/admin");
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Button variant="light" size="sm" onClick={onLogout} disabled={signOut.isPending}>
      <LogOut aria-hidden="true" className="h-4 w-4" />
      {signOut.isPending ? "Logging out..." : "Logout"}
    </Button>
  );
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-saffron-400 text-sm font-bold text-ink-900"
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * The staff pages' frame: the store's logo on the brand green, the member and their dashboard,
 * Logout; then the dashboard's title and its panels on the storefront's cream.
 */
export function StaffLayout({
  member,
  role,
  description,
  children,
}: {
  member: StaffMember;
  role: StaffRole;
  description: string;
  children: ReactNode;
}) {
  const dashboard = DASHBOARDS[role];
  return (
    <div className="flex min-h-screen flex-col bg-cream-100">
      <SkipLink />
      <header data-testid="staff-header" className="bg-brand-800 text-white shadow-md">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <BrandLogo tone="light" />
            <span className="hidden rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide md:inline">
              Staff
            </span>
          </div>
          <div className="flex w-full min-w-0 items-center gap-3 sm:w-auto">
            <Avatar name={member.name} />
            <div className="min-w-0 flex-1 text-sm leading-tight">
              <p data-testid="staff-member-name" className="truncate font-semibold">
                {member.name}
              </p>
              <p className="truncate text-brand-100">{dashboard.title}</p>
            </div>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main id="staff-main" tabIndex={-1} className="flex-1 focus:outline-none">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
          <div className="mb-6">
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">
              Dashboard {dashboard.id}
            </p>
            <h1 className="mt-1 font-display text-3xl font-bold text-ink-900 sm:text-4xl">
              {dashboard.title}
            </h1>
            <p className="mt-2 max-w-3xl text-ink-500">{description}</p>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

/** When the staff session cannot be checked (the store unreachable): why, a retry, a way out. */
export function StaffSessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex min-h-screen flex-col bg-cream-100">
      <header className="bg-brand-800 shadow-md">
        <div className="mx-auto max-w-7xl px-4 py-3 sm:px-6">
          <BrandLogo tone="light" />
        </div>
      </header>
      <main id="staff-main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16">
        <div role="alert" className="rounded-3xl bg-white p-6 text-center shadow-card sm:p-8">
          <h1 className="font-display text-2xl font-bold text-ink-900">
            We could not open your dashboard
          </h1>
          <p className="mt-2 text-ink-500">{errorMessage(error)}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button onClick={onRetry}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
            </Button>
            <ButtonLink to="/admin" variant="outline">
              Back to sign in
            </ButtonLink>
          </div>
        </div>
      </main>
    </div>
  );
}

/** The frame's shape while the staff session is checked, so nothing jumps when it arrives. */
export function StaffShellSkeleton() {
  return (
    <div className="flex min-h-screen flex-col bg-cream-100">
      <div aria-hidden="true" className="h-[60px] bg-brand-800" />
      <main id="staff-main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <div role="status" aria-label="Checking your staff session" className="space-y-6">
          <div aria-hidden="true" className="space-y-3">
            <div className="h-4 w-28 animate-pulse rounded bg-cream-200" />
            <div className="h-9 w-64 max-w-full animate-pulse rounded bg-cream-200" />
          </div>
          <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((card) => (
              <div key={card} className="h-24 animate-pulse rounded-2xl bg-white shadow-card" />
            ))}
          </div>
          <div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-white shadow-card" />
        </div>
      </main>
    </div>
  );
}

import { CircleCheck } from "lucide-react";
import { ACCOUNT_DELETION_MESSAGES as WORDS } from "../../shared/contracts/account-deletion.ts";
import { PageLoading } from "../app/layout/page-loading.tsx";
import { ButtonLink } from "../components/ui/button.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { Navigate } from "../lib/router/index.ts";
import { useLocationState } from "../lib/use-location-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** Where the account page lands after a deletion; anyone else arriving here goes home. */
export default function AccountDeletedPage() {
  const { i18n } = useLingui();
  const state = useLocationState<{ deleted: boolean }>();
  usePageTitle(i18n._(WORDS.deletedTitle));
  if (state === undefined) return <PageLoading />;
  if (!state?.deleted) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <CircleCheck aria-hidden="true" className="h-14 w-14 text-brand-600" />
      <h1 className="mt-6 font-display text-3xl font-bold text-ink-900 sm:text-4xl">
        {i18n._(WORDS.deletedTitle)}
      </h1>
      <p className="mt-3 text-ink-700" role="status">
        {i18n._(WORDS.deleted)}
      </p>
      <ButtonLink to="/shop" size="lg" className="mt-8">
        {i18n._("Continue shopping")}
      </ButtonLink>
    </div>
  );
}

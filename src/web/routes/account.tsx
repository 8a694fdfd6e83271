import { Download } from "lucide-react";
import { ACCOUNT_API } from "../../shared/contracts/account.ts";
import { buttonClass } from "../components/ui/button.tsx";
import { LoadError } from "../components/ui/query-state.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useProfile } from "../features/account/api/account.ts";
import { BORROWED_TEXT } from "../features/account/borrowed-texts.ts";
import { AccountSection } from "../features/account/components/account-section.tsx";
import { CustomersOnly } from "../features/account/components/auth-card.tsx";
import { DeleteAccount } from "../features/account/components/delete-account.tsx";
import { PasswordForm } from "../features/account/components/password-form.tsx";
import { ProfileForm } from "../features/account/components/profile-form.tsx";
import { SavedAddresses } from "../features/account/components/saved-addresses.tsx";
import { SignedInDevices } from "../features/account/components/signed-in-devices.tsx";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { Link } from "../lib/router/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

function AccountSections() {
  const { i18n } = useLingui();
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={i18n._("Loading your account")} />
      </div>
    );
  }
  if (profile.isError) return <LoadError error={profile.error} onRetry={() => profile.refetch()} />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AccountSection id="profile" title={i18n._("Profile")}>
        <ProfileForm profile={profile.data} />
      </AccountSection>
      <AccountSection
        id="password"
        title={i18n._("Password")}
        description={i18n._(
          "Changing it signs you out everywhere else, and we email you to say so.",
        )}
      >
        <PasswordForm hasPassword={profile.data.hasPassword} />
      </AccountSection>
      <SavedAddresses className="lg:col-span-2" />
      <div className="lg:col-span-2">
        <AccountSection id="devices" title={i18n._("Signed-in devices")}>
          <SignedInDevices />
        </AccountSection>
      </div>
      <div className="lg:col-span-2">
        <AccountSection
          id="your-data"
          title={i18n._("Your data")}
          description={i18n._(
            "Your account, saved addresses, orders and ratings, support tickets and bulk requests, as one JSON file.",
          )}
        >
          <a href={ACCOUNT_API.data} download className={buttonClass({ variant: "outline" })}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {i18n._("Download my data")}
          </a>
        </AccountSection>
      </div>
      <DeleteAccount profile={profile.data} className="lg:col-span-2" />
    </div>
  );
}

export default function AccountPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._("My account"));
  return (
    <CustomersOnly>
      {(customer) => (
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <h1 className="font-display text-3xl font-bold text-ink-900 sm:text-4xl">
            {i18n._("My account")}
          </h1>
          <p className="mt-2 mb-8 text-ink-500">
            {i18n._("Signed in as {email}.", { email: customer.email })}{" "}
            <Link to="/my-orders" className="font-semibold text-brand-700 hover:underline">
              {i18n._(BORROWED_TEXT.myOrders)}
            </Link>
          </p>
          <AccountSections />
        </div>
      )}
    </CustomersOnly>
  );
}

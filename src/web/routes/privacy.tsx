import { STORE } from "../../shared/store-info.ts";
import { TextPage } from "../components/text-page.tsx";
import { Trans, useLingui } from "../lib/i18n/react-binding.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

// The footer's link (its catalogue, which every page loads, holds it): the page is named the same.
const PRIVACY_POLICY = "Privacy Policy";

export default function PrivacyPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(PRIVACY_POLICY));
  return (
    <TextPage title={i18n._(PRIVACY_POLICY)}>
      <p>
        {i18n._(
          "We collect only what we need to deliver your order and answer your messages: your name, contact details, delivery address and what you ordered.",
        )}
      </p>
      <h2>{i18n._("What we never keep")}</h2>
      <p>
        {i18n._(
          "Card numbers and CVVs are handled by our payment provider and never stored by us.",
        )}
      </p>
      <h2>{i18n._("Questions")}</h2>
      <p>
        <Trans
          id={/*i18n*/ "Write to <0>{email}</0> and we will reply within {hours} hours."}
          values={{ email: STORE.supportEmail, hours: STORE.replyWithinHours }}
          components={{
            // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside the link.
            0: <a className="text-brand-700 underline" href={`mailto:${STORE.supportEmail}`} />,
          }}
        />
      </p>
    </TextPage>
  );
}

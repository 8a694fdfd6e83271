import { STORE } from "../../shared/store-info.ts";
import { TextPage } from "../components/text-page.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function PrivacyPage() {
  usePageTitle("Privacy Policy");
  return (
    <TextPage title="Privacy Policy">
      <p>
        We collect only what we need to deliver your order and answer your messages: your name,
        contact details, delivery address and what you ordered.
      </p>
      <h2>What we never keep</h2>
      <p>Card numbers and CVVs are handled by our payment provider and never stored by us.</p>
      <h2>Questions</h2>
      <p>
        Write to{" "}
        <a className="text-brand-700 underline" href={`mailto:${STORE.supportEmail}`}>
          {STORE.supportEmail}
        </a>{" "}
        and we will reply within {STORE.replyWithinHours} hours.
      </p>
    </TextPage>
  );
}

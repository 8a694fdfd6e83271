import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import {
  ACCOUNT_MESSAGES,
  type Profile,
  profileInputSchema,
} from "../../../../shared/contracts/account.ts";
import { typedMobile } from "../../../../shared/rules/formats.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, LabeledInput } from "../../../components/ui/field.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { refuseField, useCheckedForm } from "../../../lib/checked-form.ts";
import { COMMON_TEXTS } from "../../../lib/common-texts.ts";
import { useLingui } from "../../../lib/i18n/react-binding.tsx";
import { typedSchemaChecks } from "../../../lib/schema-checks.ts";
import { useSaveProfile } from "../api/account.ts";
import { EmailChange } from "./email-change.tsx";

const FIELDS = ["name", "mobile"] as const;
// The values go as typed: the server keeps its own spelling of the number, shown once saved.
const checks = typedSchemaChecks(profileInputSchema);

export function ProfileForm({ profile }: { profile: Profile }) {
  const { i18n } = useLingui();
  const keptMobile = profile.mobile ? typedMobile(profile.mobile) : "";
  const kept = { name: profile.name, mobile: keptMobile };
  const form = useCheckedForm(checks, { defaultValues: kept, reValidateMode: "onSubmit" });
  const [name, mobile] = useWatch({ control: form.control, name: FIELDS });
  const save = useSaveProfile();
  const { errors } = form.formState;
  // What the server keeps replaces the fields once saved (its spelling of the number).
  useEffect(
    () => form.reset({ name: profile.name, mobile: keptMobile }),
    [form, profile.name, keptMobile],
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(i18n._(ACCOUNT_MESSAGES.profileSaved));
    } catch (error) {
      if (!refuseField(form, error, FIELDS, { focus: true })) toast.error(errorMessage(error));
    }
  });
  const unchanged = name.trim() === kept.name && mobile.trim() === kept.mobile;

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate aria-label={i18n._("Profile")} className="space-y-4">
        <LabeledInput
          id="profile-name"
          label={i18n._(COMMON_TEXTS.fullName)}
          autoComplete="name"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <Field
          id="profile-mobile"
          label={i18n._("Mobile number (optional)")}
          error={errors.mobile?.message}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            {...form.register("mobile")}
          />
        </Field>
        <p className="-mt-2 text-sm text-ink-500">
          {i18n._("Checkout fills it in for the delivery partner.")}
        </p>
        <Button type="submit" disabled={save.isPending || unchanged}>
          {save.isPending ? i18n._("Saving...") : i18n._("Save profile")}
        </Button>
      </form>
      <EmailChange email={profile.email} hasPassword={profile.hasPassword} />
    </div>
  );
}

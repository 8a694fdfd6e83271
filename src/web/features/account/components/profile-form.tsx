import { type FormEvent, useEffect, useState } from "react";
import { ACCOUNT_MESSAGES, type Profile } from "../../../../shared/contracts/account.ts";
import { FORMAT_MESSAGES, isIndianMobile, typedMobile } from "../../../../shared/rules/formats.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useSaveProfile } from "../api/account.ts";
import { EmailChange } from "./email-change.tsx";

type Problem = { field: "name" | "mobile"; message: string } | null;

function problemOf(name: string, mobile: string): Problem {
  if (!name.trim()) return { field: "name", message: ACCOUNT_MESSAGES.nameRequired };
  if (mobile.trim() && !isIndianMobile(mobile)) {
    return { field: "mobile", message: FORMAT_MESSAGES.mobile };
  }
  return null;
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const keptMobile = profile.mobile ? typedMobile(profile.mobile) : "";
  const kept = { name: profile.name, mobile: keptMobile };
  const [values, setValues] = useState(kept);
  const [problem, setProblem] = useState<Problem>(null);
  const save = useSaveProfile();
  // What the server keeps replaces the fields once saved (its spelling of the number).
  useEffect(
    () => setValues({ name: profile.name, mobile: keptMobile }),
    [profile.name, keptMobile],
  );

  const show = (found: Problem) => {
    setProblem(found);
    if (found) document.getElementById(`profile-${found.field}`)?.focus();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemOf(values.name, values.mobile);
    show(found);
    if (found) return;
    try {
      await save.mutateAsync(values);
      toast.success(ACCOUNT_MESSAGES.profileSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        show({ field: error.field === "mobile" ? "mobile" : "name", message: error.message });
      } else toast.error(errorMessage(error));
    }
  };
  const unchanged = values.name.trim() === kept.name && values.mobile.trim() === kept.mobile;

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} noValidate aria-label="Profile" className="space-y-4">
        <LabeledInput
          id="profile-name"
          label="Full name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
          error={problem?.field === "name" ? problem.message : undefined}
        />
        <Field
          id="profile-mobile"
          label="Mobile number (optional)"
          error={problem?.field === "mobile" ? problem.message : undefined}
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="98765 43210"
            value={values.mobile}
            onChange={(event) => setValues({ ...values, mobile: event.target.value })}
          />
        </Field>
        <p className="-mt-2 text-sm text-ink-500">Checkout fills it in for the delivery partner.</p>
        <Button type="submit" disabled={save.isPending || unchanged}>
          {save.isPending ? "Saving..." : "Save profile"}
        </Button>
      </form>
      <EmailChange email={profile.email} hasPassword={profile.hasPassword} />
    </div>
  );
}

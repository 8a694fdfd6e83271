import { type FormEvent, useEffect, useState } from "react";
import { ACCOUNT_MESSAGES, type Profile } from "../../../../shared/contracts/account.ts";
import { toast } from "../../../components/toasts.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LabeledInput } from "../../../components/ui/field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useRename } from "../api/account.ts";

export function ProfileForm({ profile }: { profile: Profile }) {
  const [name, setName] = useState(profile.name);
  const [problem, setProblem] = useState<string>();
  const rename = useRename();
  useEffect(() => setName(profile.name), [profile.name]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(ACCOUNT_MESSAGES.nameRequired);
      document.getElementById("profile-name")?.focus();
      return;
    }
    setProblem(undefined);
    try {
      await rename.mutateAsync({ name });
      toast.success("Your name is saved.");
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setProblem(error.message);
      else toast.error(errorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile" className="space-y-4">
      <LabeledInput
        id="profile-name"
        label="Full name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem}
      />
      <p className="text-sm text-ink-700">
        <span className="text-ink-500">Email: </span>
        <span className="font-semibold">{profile.email}</span>
      </p>
      <Button type="submit" disabled={rename.isPending || name.trim() === profile.name}>
        {rename.isPending ? "Saving..." : "Save name"}
      </Button>
    </form>
  );
}

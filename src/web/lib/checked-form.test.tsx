// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, profileInputSchema } from "../../shared/contracts/account.ts";
import { FORMAT_MESSAGES } from "../../shared/rules/formats.ts";
import { Field, Input } from "../components/ui/field.tsx";
import { ApiError } from "./api-client.ts";
import { refuseField, useCheckedForm } from "./checked-form.ts";
import { schemaChecks } from "./schema-checks.ts";

afterEach(cleanup);

const FIELDS = ["name", "mobile"] as const;
const checks = schemaChecks(profileInputSchema);

/** What the form was last given to send, and what the refusal shown said. */
let sent: unknown[] = [];
let shown: (string | undefined)[] = [];

function ProfileForm({ refusal }: { refusal?: unknown }) {
  const form = useCheckedForm(checks, { defaultValues: { name: "", mobile: "" } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((profile) => {
    sent.push(profile);
    if (refusal) shown.push(refuseField(form, refusal, FIELDS, { fieldOf: { phone: "mobile" } }));
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field id="name" label="Name" error={errors.name?.message}>
        <Input {...form.register("name")} />
      </Field>
      <Field id="mobile" label="Mobile" error={errors.mobile?.message}>
        <Input {...form.register("mobile")} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
  });

describe("the form recipe", () => {
  it("hands over only what the shared checks let through, as they made it", async () => {
    sent = [];
    render(<ProfileForm />);
    type("Mobile", "12345");
    await save();
    expect(sent).toEqual([]);
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
      ACCOUNT_MESSAGES.nameRequired,
      FORMAT_MESSAGES.mobile,
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));

    type("Name", "  Asha Das ");
    type("Mobile", "98765 43210");
    await save();
    expect(sent).toEqual([{ name: "Asha Das", mobile: "+919876543210" }]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("puts the server's refusal of a field on that field, in its own words", async () => {
    sent = [];
    shown = [];
    const message = "This number cannot take calls";
    const refusal = new ApiError(400, "VALIDATION_FAILED", `phone: ${message}`, "phone", {
      issues: [{ field: "phone", message }],
    });
    render(<ProfileForm refusal={refusal} />);
    type("Name", "Asha Das");
    await save();
    expect(shown).toEqual([message]);
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByLabelText("Mobile").getAttribute("aria-invalid")).toBe("true");
  });

  it("leaves a refusal that names no field of the form to the form to tell", async () => {
    shown = [];
    const refusals = [
      new ApiError(400, "VALIDATION_FAILED", "email: Taken", "email"),
      new ApiError(409, "CONFLICT", "Changed meanwhile"),
      new Error("offline"),
    ];
    for (const refusal of refusals) {
      render(<ProfileForm refusal={refusal} />);
      type("Name", "Asha Das");
      await save();
      expect(screen.queryByRole("alert")).toBeNull();
      cleanup();
    }
    expect(shown).toEqual([undefined, undefined, undefined]);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loginProblem } from "../../shared/rules/account-forms.ts";
import { Field, Input } from "../components/ui/field.tsx";
import { ApiError } from "./api-client.ts";
import { type Checked, ruleChecks } from "./form-checks.ts";
import { textOf, useNativeForm, usePlainForm } from "./plain-form.ts";

afterEach(cleanup);

type Login = { email: string; password: string };
const loginChecks = ruleChecks(loginProblem);

let sent: Login[] = [];
/** Checks that answer only when the test says, as a schema's do while they load. */
let pending: (() => void)[] = [];
const slowChecks = (values: Login) =>
  new Promise<Checked<Login>>((resolve) => pending.push(() => resolve(loginChecks(values))));

function LoginForm({ slow = false, refusal }: { slow?: boolean; refusal?: unknown }) {
  const form = usePlainForm({
    fields: ["email", "password"],
    read: (data) => ({ email: textOf(data, "email"), password: textOf(data, "password") }),
    checks: slow ? slowChecks : loginChecks,
    recheck: true,
    send: async (values) => {
      sent.push(values);
      if (refusal) form.refuse(refusal);
    },
  });
  return (
    <form onSubmit={form.onSubmit} onChange={form.onChange} noValidate>
      <Field id="email" label="Email" error={form.problems.email}>
        <Input name="email" />
      </Field>
      <Field id="password" label="Password" error={form.problems.password}>
        <Input name="password" type="password" />
      </Field>
      <button type="submit">Login</button>
    </form>
  );
}

const type = (label: string, value: string) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
const press = () =>
  act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
  });

describe("the recipe's plain form", () => {
  it("reads the fields when sent, shows the first problem on its field and focuses it", async () => {
    sent = [];
    render(<LoginForm />);
    await type("Email", "asha@example.in");
    await press();
    expect(sent).toEqual([]);
    expect(screen.getByRole("alert").textContent).toBe("Please enter both email and password");
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));

    await type("Password", "harvest-2026");
    // Checked again as it changes, once it has been tried: the corrected field clears at once.
    expect(screen.queryByRole("alert")).toBeNull();
    await press();
    expect(sent).toEqual([{ email: "asha@example.in", password: "harvest-2026" }]);
  });

  it("sends once when pressed again while its checks are on their way", async () => {
    sent = [];
    pending = [];
    render(<LoginForm slow />);
    await type("Email", "asha@example.in");
    await type("Password", "harvest-2026");
    await press();
    await press();
    expect(pending).toHaveLength(1);
    await act(async () => pending.shift()?.());
    expect(sent).toHaveLength(1);
  });

  it("puts the server's refusal of a field on that field", async () => {
    const message = "No account uses this email";
    render(
      <LoginForm
        refusal={
          new ApiError(400, "VALIDATION_FAILED", `email: ${message}`, "email", {
            issues: [{ field: "email", message }],
          })
        }
      />,
    );
    await type("Email", "asha@example.in");
    await type("Password", "harvest-2026");
    await press();
    expect(screen.getByRole("alert").textContent).toBe(message);
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});

function ExportForm() {
  const form = useNativeForm({
    read: (data) => ({ from: textOf(data, "from"), to: textOf(data, "to") }),
    checks: ({ from, to }: { from: string; to: string }): Checked<unknown> =>
      from <= to
        ? { ok: true, request: { from, to } }
        : { ok: false, problems: { to: "Reversed" } },
  });
  return (
    <form method="get" action="/export" onSubmit={form.onSubmit} noValidate>
      <Field id="from" label="From" error={form.problems.from}>
        <Input name="from" defaultValue="2026-11-20" />
      </Field>
      <Field id="to" label="To" error={form.problems.to}>
        <Input name="to" defaultValue="2026-11-10" />
      </Field>
      <button type="submit">Export</button>
    </form>
  );
}

describe("a plain form the browser sends itself", () => {
  it("is held back, its problem shown, only while the checks find one", () => {
    render(<ExportForm />);
    const heldBack: boolean[] = [];
    const watch = (event: Event) => {
      heldBack.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener("submit", watch);
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    expect(screen.getByRole("alert").textContent).toBe("Reversed");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-24" } });
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    window.removeEventListener("submit", watch);
    expect(heldBack).toEqual([true, false]);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

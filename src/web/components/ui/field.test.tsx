// @vitest-environment jsdom

import { cleanup, render as draw, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { I18n } from "../../../shared/i18n/translator.ts";
import { FORMAT_MESSAGES } from "../../../shared/rules/formats.ts";
import { tooLong } from "../../../shared/rules/too-long.ts";
import { I18nProvider } from "../../lib/i18n/react-binding.tsx";
import { createShopI18n, loadTexts } from "../../lib/i18n/shop-i18n.ts";
import { Field, Input } from "./field.tsx";

afterEach(cleanup);

const translators: Partial<Record<"en" | "or", I18n>> = {};
beforeAll(async () => {
  for (const locale of ["en", "or"] as const) {
    const i18n = createShopI18n(locale);
    await loadTexts(i18n, ["frame", "routes/checkout", "features/checkout/checkout-form"]);
    translators[locale] = i18n;
  }
});

const render = (element: ReactElement, locale: "en" | "or" = "en") =>
  draw(<I18nProvider i18n={translators[locale]!}>{element}</I18nProvider>);

describe("Field", () => {
  it("names its control by the label and describes it by the error", () => {
    render(
      <Field id="email" label="Email" required error={FORMAT_MESSAGES.email}>
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input.id).toBe("email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("email-error");
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address");
  });

  it("words a shared check's message in the page's language, and leaves one it lacks as written", () => {
    render(
      <>
        <Field id="email" label="ଇମେଲ" error={FORMAT_MESSAGES.email}>
          <Input type="email" />
        </Field>
        <Field id="notes" label="ଟିପ୍ପଣୀ" error={tooLong(500)}>
          <Input />
        </Field>
        <Field id="other" label="ଅନ୍ୟ" error="Notes must be at most 500 characters">
          <Input />
        </Field>
      </>,
      "or",
    );
    const [email, notes, other] = screen.getAllByRole("alert");
    expect(email?.textContent).not.toBe(FORMAT_MESSAGES.email);
    expect(email?.textContent).toMatch(/[\u0B00-\u0B7F]/);
    // A length check's message is said with its limit.
    expect(notes?.textContent).toMatch(/[\u0B00-\u0B7F]/);
    expect(notes?.textContent).toContain("500");
    expect(other?.textContent).toBe("Notes must be at most 500 characters");
  });

  it("says a length check's message in English as the check wrote it", () => {
    render(
      <Field id="label" label="Label" error={tooLong(40)}>
        <Input />
      </Field>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Must be at most 40 characters");
  });

  it("marks nothing while there is no error, and keeps what the control says itself", () => {
    render(
      <Field id="phone" label="Phone">
        <Input aria-describedby="phone-hint" />
      </Field>,
    );
    const input = screen.getByLabelText("Phone");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("phone-hint");
  });
});

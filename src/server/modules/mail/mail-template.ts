// A mail is kept in the outbox as the name of the template that draws it and the JSON it needs
// (an order's lines, a letter's words), and drawn when it is sent: placing an order writes a few
// hundred bytes of facts, not kilobytes of HTML. Each module defines its templates next to its
// mails; defining one registers it, so the mail module draws any row without importing the
// modules that write them.
import type { RenderedEmail } from "./render-email.ts";

export type MailTemplate<Data> = {
  readonly name: string;
  /** Draws the mail from its data as read back from the outbox (Dates are strings there). */
  readonly render: (data: Data) => RenderedEmail;
};

/** What the outbox keeps of a mail's body. */
export type MailBody = { template: string; data: unknown };

const TEMPLATES = new Map<string, (data: never) => RenderedEmail>();

export function mailTemplate<Data>(
  name: string,
  render: (data: Data) => RenderedEmail,
): MailTemplate<Data> {
  // Two templates of one name would draw each other's rows.
  if (TEMPLATES.has(name)) throw new Error(`Two mail templates are named "${name}"`);
  TEMPLATES.set(name, render);
  return { name, render };
}

/** A mail's body as the outbox keeps it: this template, drawn from this data when it is sent. */
export function templateMail<Data>(template: MailTemplate<Data>, data: Data): MailBody {
  return { template: template.name, data };
}

/** Draws a kept mail; throws when no template of that name is defined or its data is wrong. */
export function renderTemplate(name: string, data: unknown): RenderedEmail {
  const render = TEMPLATES.get(name) as ((data: unknown) => RenderedEmail) | undefined;
  if (!render) throw new Error(`No mail template is named "${name}"`);
  return render(data);
}

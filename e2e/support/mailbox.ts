// The demo outbox, read as a shopper reads their mail: through /dev/mailbox's API.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";

type MailDetail = { id: number; to: string; subject: string; text: string; html: string };

/** The newest mail to an address whose subject matches, from the demo outbox. */
export async function mailTo(
  request: APIRequestContext,
  to: string,
  subject: string | RegExp,
): Promise<MailDetail> {
  const matches = (text: string) =>
    typeof subject === "string" ? text === subject : subject.test(text);
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = (await (await request.get("/api/dev/mailbox")).json()) as {
          messages: { id: number; to: string; subject: string }[];
        };
        id = messages.find((mail) => mail.to === to && matches(mail.subject))?.id;
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  return (await (await request.get(`/api/dev/mailbox/${id}`)).json()) as MailDetail;
}

/** The newest one-time code mailed to an address under a subject. */
export async function mailedCode(request: APIRequestContext, to: string, subject: RegExp) {
  const mail = await mailTo(request, to, subject);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

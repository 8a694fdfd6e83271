import { describe, expect, it } from "vitest";
import { readMail, useSmtpListener } from "../../testing/smtp-listener.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const ORIGIN = "http://localhost:3000";
const MAIL_FROM = "Fresh Harvest Hub <orders@freshharvesthub.in>";
const HOSTILE_NAME = `<script>alert("hi")</script> Asha <b>Das</b>`;
let counter = 0;
const newEmail = () => `smtp${Date.now()}${++counter}@example.in`;

describe.each(testDatabaseKinds)("code emails over SMTP on %s", (kind) => {
  const env: Record<string, string> = { MAIL_FROM, DEMO_MODE: "true" };
  const smtp = useSmtpListener(env);
  const ctx = useTestApp(kind, env);

  const post = (path: string, payload: object) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/auth${path}`,
      payload,
      headers: { origin: ORIGIN },
      remoteAddress: `10.60.0.${++counter % 250}`,
    });
  /** Delivers what the outbox holds, then the one message that reached this address. */
  async function delivered(email: string, subject: RegExp) {
    await ctx.app.mail.deliverDue();
    const mails = smtp.received.filter(
      (mail) => mail.rcptTo.includes(email) && subject.test(readMail(mail).subject ?? ""),
    );
    expect(mails).toHaveLength(1);
    return { ...readMail(mails[0]!), envelope: mails[0]! };
  }
  function expectCodeIn(mail: ReturnType<typeof readMail>) {
    const code = /\b(\d{6})\b/.exec(mail.text ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(`>${code}<`);
    return code!;
  }
  function expectNothingTypedUnescaped(mail: ReturnType<typeof readMail>) {
    expect(mail.html).toBeDefined();
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<b>Das");
    expect(mail.headers).not.toContain("<script");
  }

  it("sends the verification code at sign-up, and it verifies the address", async () => {
    const email = newEmail();
    const signUp = await post("/sign-up/email", {
      name: HOSTILE_NAME,
      email,
      password: "green mangoes ripen",
    });
    expect(signUp.statusCode).toBe(200);
    const mail = await delivered(email, /verification code/);
    expect(mail.envelope.rcptTo).toEqual([email]);
    expect(mail.envelope.mailFrom).toBe("orders@freshharvesthub.in");
    expect(mail.subject).toBe("Your Fresh Harvest Hub verification code");
    expect(mail.headers).toContain(`To: ${email}`);
    const code = expectCodeIn(mail);
    expectNothingTypedUnescaped(mail);
    expect((await post("/email-otp/verify-email", { email, otp: code })).statusCode).toBe(200);
  });

  it("sends the reset code when a password is forgotten, and it resets the password", async () => {
    const email = newEmail();
    expect(
      (
        await post("/sign-up/email", {
          name: HOSTILE_NAME,
          email,
          password: "green mangoes ripen",
        })
      ).statusCode,
    ).toBe(200);
    expect((await post("/email-otp/request-password-reset", { email })).statusCode).toBe(200);
    const mail = await delivered(email, /Reset your/);
    expect(mail.envelope.rcptTo).toEqual([email]);
    expect(mail.subject).toBe("Reset your Fresh Harvest Hub password");
    const otp = expectCodeIn(mail);
    expectNothingTypedUnescaped(mail);
    const reset = await post("/email-otp/reset-password", {
      email,
      otp,
      password: "a brand new password",
    });
    expect(reset.statusCode).toBe(200);
  });

  it("sends nothing to an address without an account, and answers the same", async () => {
    const email = newEmail();
    const answer = await post("/email-otp/request-password-reset", { email });
    expect(answer.statusCode).toBe(200);
    await ctx.app.mail.deliverDue();
    expect(smtp.received.filter((mail) => mail.rcptTo.includes(email))).toEqual([]);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_MESSAGE } from "../../../shared/rules/common-passwords.ts";
import { users } from "../../db/schema/index.ts";
import { newestMailTo } from "../../testing/outbox-mail.ts";
import { testDatabaseKinds, useTestApp } from "../../testing/test-app.ts";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "green mangoes ripen";
let counter = 0;
const newEmail = () => `common${Date.now()}${++counter}@example.in`;
const TOO_COMMON = { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD_MESSAGE };

describe.each(testDatabaseKinds)("common passwords on %s", (kind) => {
  const ctx = useTestApp(kind);
  let address = 0;

  async function post(path: string, payload: object, cookie?: string) {
    const response = await ctx.app.inject({
      method: "POST",
      url: `/api/auth${path}`,
      payload,
      headers: { origin: ORIGIN, ...(cookie && { cookie }) },
      remoteAddress: `10.50.${Math.floor(++address / 250)}.${address % 250}`,
    });
    return { status: response.statusCode, body: response.json(), response };
  }
  const signUp = (email: string, password: string) =>
    post("/sign-up/email", { name: "Asha Das", email, password });
  const userCount = async (email: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.email, email))).length;

  it("refuses one at sign-up, in any capitals, and creates no account", async () => {
    for (const password of ["password123", "Password123", "QWERTYUIOP", "India@123"]) {
      const email = newEmail();
      const { status, body } = await signUp(email, password);
      expect(status, password).toBe(400);
      expect(body).toEqual(TOO_COMMON);
      expect(await userCount(email)).toBe(0);
    }
    expect((await signUp(newEmail(), PASSWORD)).status).toBe(200);
  });

  it("refuses one at reset without using up the code, which then takes a good one", async () => {
    const email = newEmail();
    expect((await signUp(email, PASSWORD)).status).toBe(200);
    expect((await post("/email-otp/request-password-reset", { email })).status).toBe(200);
    const mail = await newestMailTo(ctx.database.db, email);
    const otp = /\b(\d{6})\b/.exec(mail!.textBody)![1]!;

    const refused = await post("/email-otp/reset-password", { email, otp, password: "iloveyou1" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(TOO_COMMON);
    const reset = await post("/email-otp/reset-password", {
      email,
      otp,
      password: "a brand new password",
    });
    expect(reset.status).toBe(200);
    expect((await post("/sign-in/email", { email, password: "a brand new password" })).status).toBe(
      200,
    );
  });
});

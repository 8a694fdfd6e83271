import { describe, expect, it } from "vitest";
import { useTestApp } from "../../testing/test-app.ts";

const ORIGIN = "http://localhost:3000";
let counter = 0;
const newEmail = () => `setting${Date.now()}${++counter}@example.in`;

// The store's own limit is tested in auth-limits.api.test.ts; this is the setting that moves it.
describe("SIGN_UPS_PER_ADDRESS_PER_HOUR", () => {
  const ctx = useTestApp("pglite", { SIGN_UPS_PER_ADDRESS_PER_HOUR: "3" });
  const signUp = (from: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "Asha Das", email: newEmail(), password: "green mangoes ripen" },
      headers: { origin: ORIGIN },
      remoteAddress: from,
    });

  it("holds one address to the number it sets, and no other address", async () => {
    for (let n = 0; n < 3; n++) expect((await signUp("10.41.0.1")).statusCode).toBe(200);
    const refused = await signUp("10.41.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many sign-up attempts\./);
    expect((await signUp("10.41.0.2")).statusCode).toBe(200);
  });
});

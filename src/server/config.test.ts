import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to the embedded database in ./data, demo mode on, port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, demoMode: true, databaseUrl: undefined });
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  const REAL_STORE = {
    PUBLIC_URL: "https://shop.example.in",
    SMTP_URL: "smtp://mail.example.in:587",
    SELLER_GSTIN: "21ABCDE1234F1Z5",
    AUTH_SECRET: "a-long-random-secret-of-at-least-32-chars",
  };

  it("turns demo mode off by default with PostgreSQL, unless asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/store", ...REAL_STORE }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/store", DEMO_MODE: "true" }).demoMode).toBe(
      true,
    );
    expect(loadConfig({ DEMO_MODE: "false", ...REAL_STORE }).demoMode).toBe(false);
  });

  it("refuses to run a real store on demo values, naming what is missing", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/store" })).toThrow(
      "With DEMO_MODE off these settings are required: PUBLIC_URL, SMTP_URL, SELLER_GSTIN, AUTH_SECRET",
    );
    expect(() => loadConfig({ DEMO_MODE: "false", ...REAL_STORE, SMTP_URL: "" })).toThrow(
      "required: SMTP_URL",
    );
  });

  it("reads the seller and the delivery area", () => {
    const config = loadConfig({
      ...REAL_STORE,
      DEMO_MODE: "false",
      SERVICEABLE_PINCODES: "751001, 751002",
    });
    expect(config.seller.gstin).toBe("21ABCDE1234F1Z5");
    expect(config.serviceablePincodes).toEqual(["751001", "751002"]);
    expect(loadConfig({}).serviceablePincodes).toContain("751007");
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SELLER_GSTIN: "12345" }, "SELLER_GSTIN"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ SERVICEABLE_PINCODES: "7510, abc" }, "SERVICEABLE_PINCODES"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ DEMO_MODE: "maybe" }, "DEMO_MODE"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SELLER_GSTIN: "12345" }, "SELLER_GSTIN"],
    [{ SERVICEABLE_PINCODES: "7510, abc" }, "SERVICEABLE_PINCODES"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
  ])("refuses %j, naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

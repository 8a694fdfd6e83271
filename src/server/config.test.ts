import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to the embedded database in ./data, demo mode on, port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, demoMode: true, databaseUrl: undefined });
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  it("turns demo mode off by default with PostgreSQL, unless asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/store" }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/store", DEMO_MODE: "true" }).demoMode).toBe(
      true,
    );
    expect(loadConfig({ DEMO_MODE: "false" }).demoMode).toBe(false);
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

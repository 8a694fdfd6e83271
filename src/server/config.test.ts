import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, startupNotes } from "./config.ts";

const REAL_STORE = {
  PUBLIC_URL: "https://shop.example.in",
  SMTP_URL: "smtp://mail.example.in:587",
  SELLER_GSTIN: "21ABCDE1234F1Z5",
  AUTH_SECRET: "a-long-random-secret-of-at-least-32-chars",
  PAYMENT_PROVIDER: "none",
};

/** The same settings on this machine's own address, which alone would leave demo mode on. */
const LOCAL_REAL_STORE = { ...REAL_STORE, PUBLIC_URL: "http://localhost:3000" };

describe("configuration", () => {
  it("defaults to the embedded database in ./data, demo mode on, port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, demoMode: true, databaseUrl: undefined });
    expect(config.dataDir).toBe(path.resolve("./data"));
  });

  it("turns demo mode off by default with PostgreSQL, unless asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://db/store", ...REAL_STORE }).demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/store", DEMO_MODE: "true" }).demoMode).toBe(
      true,
    );
    expect(loadConfig({ DEMO_MODE: "false", ...REAL_STORE }).demoMode).toBe(false);
  });

  // Demo mode opens everyone's mail at /dev/mailbox: by default only where nobody else can look.
  it.each([
    [{}, true],
    [{ HOST: "::1" }, true],
    [{ HOST: "localhost", PUBLIC_URL: "http://localhost:8080" }, true],
    [{ PUBLIC_URL: "http://127.0.0.1:3000/" }, true],
    [{ HOST: "0.0.0.0", DEMO_MODE: "true" }, true],
    [{ HOST: "0.0.0.0", ...REAL_STORE }, false],
    [{ HOST: "::", ...REAL_STORE }, false],
    [{ HOST: "192.168.1.20", ...REAL_STORE }, false],
    [{ ...REAL_STORE }, false],
    [{ ...REAL_STORE, PUBLIC_URL: "http://shop.example.in" }, false],
    [{ ...REAL_STORE, PUBLIC_URL: "https://localhost:3000" }, false],
    [{ DATABASE_URL: "postgres://db/store", ...REAL_STORE }, false],
    [{ DATABASE_URL: "postgres://db/store", DEMO_MODE: "true" }, true],
    [{ DEMO_MODE: "false", ...REAL_STORE }, false],
    [{ PUBLIC_URL: "https://shop.example.in", DEMO_MODE: "yes" }, true],
  ])("with %j demo mode is %s", (env, demoMode) => {
    expect(loadConfig(env).demoMode).toBe(demoMode);
  });

  it.each([
    [{}, true],
    [{ HOST: "::1", PUBLIC_URL: "http://[::1]:3000" }, true],
    [{ HOST: "0.0.0.0", DEMO_MODE: "true" }, false],
    [{ PUBLIC_URL: "https://shop.example.in", DEMO_MODE: "true" }, false],
    [{ PUBLIC_URL: "http://192.168.1.20:3000", DEMO_MODE: "true" }, false],
  ])("with %j the store is local only: %s", (env, localOnly) => {
    expect(loadConfig(env).localOnly).toBe(localOnly);
  });

  it("says why a store reachable from other machines needs real settings", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(
      "Demo mode is off because the store can be reached from other machines (HOST=0.0.0.0).\n" +
        "With DEMO_MODE off these settings are required: PUBLIC_URL, SMTP_URL, SELLER_GSTIN, AUTH_SECRET",
    );
    expect(() => loadConfig({ PUBLIC_URL: "https://shop.example.in" })).toThrow(
      "(HOST=127.0.0.1, PUBLIC_URL=https://shop.example.in)",
    );
  });

  // A proxy in front means requests from anywhere arrive, whatever HOST says.
  it.each([
    [{ TRUST_PROXY: "1", ...LOCAL_REAL_STORE }],
    [{ TRUST_PROXY: "127.0.0.1", ...LOCAL_REAL_STORE }],
    [{ TRUST_PROXY: "loopback", HOST: "::1", ...LOCAL_REAL_STORE }],
    [{ TRUST_PROXY: "2", ...REAL_STORE }],
  ])("with %j the store counts as reachable: demo mode off, not local only", (env) => {
    const config = loadConfig(env);
    expect(config.demoMode).toBe(false);
    expect(config.localOnly).toBe(false);
  });

  it.each([["1"], ["127.0.0.1"], ["loopback"], ["10.0.0.0/8, ::1"]])(
    "with TRUST_PROXY=%s and nothing else, demo mode is off and says why",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `Demo mode is off because the store can be reached from other machines (HOST=127.0.0.1, TRUST_PROXY=${value}).\n` +
          "With DEMO_MODE off these settings are required: PUBLIC_URL, SMTP_URL, SELLER_GSTIN, AUTH_SECRET",
      );
    },
  );

  it.each([["false"], ["0"], ["off"]])("TRUST_PROXY=%s is no proxy: a local demo", (value) => {
    const config = loadConfig({ TRUST_PROXY: value });
    expect(config).toMatchObject({ demoMode: true, localOnly: true });
    expect(startupNotes(config)).toEqual([]);
  });

  it("takes DEMO_MODE=true behind a proxy only as asked, with a warning at start-up", () => {
    const config = loadConfig({
      TRUST_PROXY: "1",
      DEMO_MODE: "true",
      METRICS_TOKEN: "t".repeat(24),
    });
    expect(config).toMatchObject({ demoMode: true, localOnly: false });
    expect(startupNotes(config)).toEqual([
      {
        level: "warn",
        message:
          "DEMO MODE IS ON AND OTHER MACHINES CAN REACH THIS STORE: anyone can read every email, sign-in code and order at /dev/mailbox, and payments are test payments that take no money. Remove DEMO_MODE=true for a real store.",
      },
    ]);
  });

  it.each([
    [{ TRUST_PROXY: "1", ...REAL_STORE }],
    [{ HOST: "0.0.0.0", ...REAL_STORE }],
    [{ ...REAL_STORE }],
    [{ HOST: "::1", TRUST_PROXY: "loopback", ...LOCAL_REAL_STORE }],
  ])("with %j and no METRICS_TOKEN, says at start-up how to open /metrics", (env) => {
    expect(startupNotes(loadConfig(env))).toEqual([
      {
        level: "info",
        message: expect.stringContaining(
          "/metrics answers nobody: set METRICS_TOKEN (24 or more random characters",
        ),
      },
    ]);
    expect(startupNotes(loadConfig({ ...env, METRICS_TOKEN: "t".repeat(24) }))).toEqual([]);
  });

  it.each([
    [{}, false],
    [{ TRUST_PROXY: "false" }, false],
    [{ TRUST_PROXY: "0" }, false],
    [{ TRUST_PROXY: "1" }, 1],
    [{ TRUST_PROXY: "2" }, 2],
    [{ TRUST_PROXY: "127.0.0.1" }, ["127.0.0.1"]],
    [{ TRUST_PROXY: " 10.0.0.0/8, ::1,fd00::/8 " }, ["10.0.0.0/8", "::1", "fd00::/8"]],
    [{ TRUST_PROXY: "loopback" }, ["loopback"]],
  ])("reads TRUST_PROXY from %j as %j", (env, trustProxy) => {
    // Behind a proxy demo mode is on only when asked for.
    expect(loadConfig({ DEMO_MODE: "true", ...env }).trustProxy).toEqual(trustProxy);
  });

  it.each(["true", "TRUE", "yes", "on"])(
    "refuses TRUST_PROXY=%s, saying what to set instead",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        "TRUST_PROXY: true would let any client choose its own address; set the number of proxies in front of the store (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)",
      );
    },
  );

  it.each([
    "proxy.example.in",
    "10.0.0.0/33",
    "::1/129",
    "127.0.0.1, ",
    "10.0.0.1/8/8",
    "-1",
    "1.5",
    "constructor",
    "__proto__",
    "toString",
  ])("refuses TRUST_PROXY=%s, naming the bad entry", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: must be a number of proxies \(e\.g\. 1\) or a comma-separated list of proxy addresses or ranges .*; not "/,
    );
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

  it("takes outside sign-in providers only as complete sets, naming what is missing", () => {
    expect(loadConfig({}).socialSignIn).toEqual({
      google: undefined,
      facebook: undefined,
      oidc: undefined,
    });
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "google-id",
      GOOGLE_CLIENT_SECRET: "google-secret",
      OIDC_ISSUER_URL: "https://login.example.in/",
      OIDC_CLIENT_ID: "store",
      OIDC_CLIENT_SECRET: "oidc-secret",
      OIDC_PROVIDER_NAME: "Odisha ID",
    });
    expect(config.socialSignIn).toEqual({
      google: { clientId: "google-id", clientSecret: "google-secret" },
      facebook: undefined,
      oidc: {
        issuerUrl: "https://login.example.in",
        clientId: "store",
        clientSecret: "oidc-secret",
        name: "Odisha ID",
      },
    });
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "google-id" })).toThrow(
      "GOOGLE_CLIENT_SECRET: required with GOOGLE_CLIENT_ID",
    );
    expect(() => loadConfig({ FACEBOOK_CLIENT_SECRET: "secret" })).toThrow(
      "FACEBOOK_CLIENT_ID: required with FACEBOOK_CLIENT_SECRET",
    );
    const partOidc = () =>
      loadConfig({ OIDC_ISSUER_URL: "https://login.example.in", OIDC_CLIENT_ID: "store" });
    expect(partOidc).toThrow("OIDC_CLIENT_SECRET: required with OIDC_ISSUER_URL, OIDC_CLIENT_ID");
    expect(partOidc).toThrow("OIDC_PROVIDER_NAME: required with OIDC_ISSUER_URL, OIDC_CLIENT_ID");
    // Blank is unset, so a blanked-out pair is off rather than half-configured.
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" }).socialSignIn.google,
    ).toBeUndefined();
  });

  it("fetches a real store's OpenID Connect discovery over https only", () => {
    const oidc = {
      OIDC_ISSUER_URL: "http://login.example.in",
      OIDC_CLIENT_ID: "store",
      OIDC_CLIENT_SECRET: "oidc-secret",
      OIDC_PROVIDER_NAME: "Odisha ID",
    };
    expect(() => loadConfig({ DEMO_MODE: "false", ...REAL_STORE, ...oidc })).toThrow(
      "OIDC_ISSUER_URL: must be https:// with DEMO_MODE off",
    );
    expect(loadConfig({ ...oidc }).socialSignIn.oidc?.issuerUrl).toBe("http://login.example.in");
  });

  it("chooses the payment provider: the test one only in demo mode, and a real store must say", () => {
    expect(loadConfig({}).payments).toEqual({ provider: "test", holdMinutes: 15 });
    const { PAYMENT_PROVIDER: _, ...unsaid } = REAL_STORE;
    expect(() => loadConfig({ DEMO_MODE: "false", ...unsaid })).toThrow("PAYMENT_PROVIDER");
    expect(() =>
      loadConfig({ DEMO_MODE: "false", ...REAL_STORE, PAYMENT_PROVIDER: "test" }),
    ).toThrow("only for demo mode");
    expect(() =>
      loadConfig({
        DEMO_MODE: "false",
        ...REAL_STORE,
        PAYMENT_PROVIDER: "razorpay",
        RAZORPAY_KEY_ID: "rzp_live_key",
        RAZORPAY_KEY_SECRET: "key-secret",
        RAZORPAY_WEBHOOK_SECRET: "webhook-secret",
        RAZORPAY_API_URL: "http://api.razorpay.com",
      }),
    ).toThrow("RAZORPAY_API_URL: must be https://");
    expect(loadConfig({ DEMO_MODE: "false", ...REAL_STORE }).payments.provider).toBe("none");
    const razorpay = loadConfig({
      DEMO_MODE: "false",
      ...REAL_STORE,
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: "rzp_live_key",
      RAZORPAY_KEY_SECRET: "key-secret",
      RAZORPAY_WEBHOOK_SECRET: "webhook-secret",
      PAYMENT_HOLD_MINUTES: "20",
    }).payments;
    expect(razorpay).toEqual({
      provider: "razorpay",
      razorpay: {
        keyId: "rzp_live_key",
        keySecret: "key-secret",
        webhookSecret: "webhook-secret",
        apiUrl: "https://api.razorpay.com",
        timeoutMs: 10_000,
      },
      holdMinutes: 20,
    });
  });

  it("reads DATABASE_STATEMENT_TIMEOUT_MS in milliseconds, 10 s unless set and 0 for none", () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" }).databaseStatementTimeoutMs).toBe(0);
    for (const value of ["-1", "2.5", "soon", "600001"]) {
      expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: value }), value).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_MS/,
      );
    }
  });

  it("reads PAYMENT_PROVIDER_TIMEOUT_MS in milliseconds, from 100 to 60000", () => {
    const razorpay = {
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: "rzp_live_key",
      RAZORPAY_KEY_SECRET: "key-secret",
      RAZORPAY_WEBHOOK_SECRET: "webhook-secret",
    };
    const timeoutOf = (value: string) =>
      loadConfig({ ...razorpay, PAYMENT_PROVIDER_TIMEOUT_MS: value }).payments.razorpay?.timeoutMs;
    expect(timeoutOf("2500")).toBe(2500);
    for (const value of ["99", "60001", "1.5", "soon"]) {
      expect(() => timeoutOf(value), value).toThrow(/PAYMENT_PROVIDER_TIMEOUT_MS/);
    }
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
    [{ OIDC_ISSUER_URL: "login.example.in" }, "OIDC_ISSUER_URL"],
    [{ OIDC_ISSUER_URL: "ftp://login.example.in" }, "OIDC_ISSUER_URL"],
    [{ SELLER_GSTIN: "12345" }, "SELLER_GSTIN"],
    [{ SERVICEABLE_PINCODES: "7510, abc" }, "SERVICEABLE_PINCODES"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PAYMENT_PROVIDER: "paytm" }, "PAYMENT_PROVIDER"],
    [{ PAYMENT_HOLD_MINUTES: "2" }, "PAYMENT_HOLD_MINUTES"],
    [{ PAYMENT_HOLD_MINUTES: "a while" }, "PAYMENT_HOLD_MINUTES"],
    [{ RAZORPAY_KEY_ID: "rzp_live_x" }, "RAZORPAY_KEY_SECRET"],
    [{ PAYMENT_PROVIDER: "razorpay" }, "RAZORPAY_KEY_ID"],
    [{ RAZORPAY_API_URL: "api.razorpay.com" }, "RAZORPAY_API_URL"],
  ])("refuses %j, naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe("DATABASE_DIRECT_URL", () => {
  it("is taken with DATABASE_URL, and refused without it", () => {
    expect(
      loadConfig({
        DATABASE_URL: "postgres://pooler:6432/store",
        DATABASE_DIRECT_URL: "postgres://db:5432/store",
        DEMO_MODE: "true",
      }).databaseDirectUrl,
    ).toBe("postgres://db:5432/store");
    expect(() => loadConfig({ DATABASE_DIRECT_URL: "postgres://db:5432/store" })).toThrow(
      /DATABASE_DIRECT_URL: only with DATABASE_URL/,
    );
  });
});

describe("DATABASE_NAMED_STATEMENTS", () => {
  const pooled = {
    DATABASE_URL: "postgres://pooler:6432/store",
    DATABASE_DIRECT_URL: "postgres://db:5432/store",
    DEMO_MODE: "true",
  };
  it("is on against PostgreSQL itself and off behind a pooler, unless set", () => {
    const direct = { DATABASE_URL: "postgres://db:5432/store", DEMO_MODE: "true" };
    expect(loadConfig(direct).databaseNamedStatements).toBe(true);
    expect(loadConfig(pooled).databaseNamedStatements).toBe(false);
    expect(
      loadConfig({ ...pooled, DATABASE_NAMED_STATEMENTS: "true" }).databaseNamedStatements,
    ).toBe(true);
    expect(
      loadConfig({ ...direct, DATABASE_NAMED_STATEMENTS: "false" }).databaseNamedStatements,
    ).toBe(false);
  });
  it("refuses what is not true or false", () => {
    expect(() => loadConfig({ ...pooled, DATABASE_NAMED_STATEMENTS: "sometimes" })).toThrow(
      /DATABASE_NAMED_STATEMENTS: must be true or false/,
    );
  });
});

describe("DATABASE_READ_URL", () => {
  const primary = { DATABASE_URL: "postgres://db:5432/store", DEMO_MODE: "true" };
  it("is taken with DATABASE_URL and a lag bound of 5 s unless given, and refused without it", () => {
    const config = loadConfig({ ...primary, DATABASE_READ_URL: "postgres://replica:5432/store" });
    expect(config.databaseReadUrl).toBe("postgres://replica:5432/store");
    expect(config.databaseReadMaxLagSeconds).toBe(5);
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://replica:5432/store" })).toThrow(
      /DATABASE_READ_URL: only with DATABASE_URL/,
    );
  });
  it("names a bad URL or lag bound", () => {
    expect(() => loadConfig({ ...primary, DATABASE_READ_URL: "mysql://replica/store" })).toThrow(
      /DATABASE_READ_URL: must be a postgres/,
    );
    for (const bound of ["0", "-1", "soon", "7200"]) {
      expect(() => loadConfig({ ...primary, DATABASE_READ_MAX_LAG_SECONDS: bound })).toThrow(
        /DATABASE_READ_MAX_LAG_SECONDS: must be/,
      );
    }
    expect(
      loadConfig({ ...primary, DATABASE_READ_MAX_LAG_SECONDS: "0.5" }).databaseReadMaxLagSeconds,
    ).toBe(0.5);
  });
});

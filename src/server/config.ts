import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_REFUND_WINDOW_HOURS } from "../shared/rules/delivered-refund.ts";
import { DEFAULT_SERVICEABLE_PINCODES } from "../shared/rules/delivery-area.ts";
import { MAX_OPEN_CASH_ORDERS_PER_NETWORK } from "../shared/rules/open-cash-orders.ts";
import {
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  MAX_WEIGHT_TOLERANCE_PERCENT,
} from "../shared/rules/packed-weight.ts";
import { type TrustProxySetting, trustProxySchema } from "./http/trusted-proxies.ts";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], {
    message: "must be true or false",
  })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(0)
    .max(65535, "must be at most 65535")
    .default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Uploaded product photos (default: DATA_DIR/photos; a temporary folder under test). */
  PHOTO_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_NAMED_STATEMENTS: booleanText.optional(),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .positive("must be more than 0")
    .max(3600, "must be at most 3600")
    .default(5),
  /**
   * PostgreSQL cancels a statement of the store's connections running or waiting (on another
   * connection's lock) longer than this; 0: never. Commands and migrations run without it.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 (none) or more")
    .max(600_000, "must be at most 600000")
    .default(10_000),
  DEMO_MODE: booleanText.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().min(1).default("./dist/web"),
  TRUST_PROXY: trustProxySchema.default(false),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be at least 0")
    .max(60, "must be at most 60")
    .default(0),
  REFUND_WINDOW_HOURS: z.coerce
    .number({ message: "must be a number of hours" })
    .int("must be a whole number of hours")
    .min(1, "must be at least 1")
    .max(24 * 90, "must be at most 2160 (90 days)")
    .default(DEFAULT_REFUND_WINDOW_HOURS),
  WEIGHT_TOLERANCE_PERCENT: z.coerce
    .number({ message: "must be a whole percent" })
    .int("must be a whole percent")
    .min(0, "must be 0 or more")
    .max(MAX_WEIGHT_TOLERANCE_PERCENT, `must be at most ${MAX_WEIGHT_TOLERANCE_PERCENT}`)
    .default(DEFAULT_WEIGHT_TOLERANCE_PERCENT),
  CHECKOUT_LANES: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(64, "must be at most 64")
    .optional(),
  PUBLIC_URL: z
    .url({ message: "must be the store's address, like https://shop.example.in" })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Fresh Harvest Hub <orders@freshharvesthub.in>"),
  SELLER_NAME: z.string().min(1).default("Fresh Harvest Hub"),
  SELLER_ADDRESS: z
    .string()
    .min(1)
    .default("Plot 42, Saheed Nagar, Bhubaneswar, Odisha 751007, India"),
  SELLER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "must be a 15-character GSTIN")
    .optional(),
  AUTH_SECRET: z
    .string()
    .min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)")
    .optional(),
  SERVICEABLE_PINCODES: z
    .string()
    .regex(/^\s*\d{6}(\s*,\s*\d{6})*\s*$/, "must be a comma-separated list of 6-digit PIN codes")
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER_URL: z
    .url({
      protocol: /^https?$/,
      message: "must be the provider's issuer address, like https://login.example.in",
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().max(40, "must be at most 40 characters").optional(),
  /** razorpay, test (demo mode only) or none (cash on delivery only). */
  PAYMENT_PROVIDER: z
    .enum(["razorpay", "test", "none"], { message: "must be razorpay, test or none" })
    .optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Razorpay's API; another address only for a stand-in in tests. */
  RAZORPAY_API_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) address" })
    .optional(),
  /**
   * The longest the store waits for any one answer of the payment provider's API (placing an
   * online order, checking a reported payment, a refund); past it the call counts as the provider
   * being away, and the checkout lane it held is free again.
   */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(100, "must be at least 100")
    .max(60_000, "must be at most 60000")
    .default(10_000),
  /** Open cash-on-delivery orders one network (IPv4 address, IPv6 /64) may have (decision 41). */
  CASH_ORDERS_PER_NETWORK: z.coerce
    .number({ message: "must be a number of orders" })
    .int("must be a whole number of orders")
    .min(1, "must be at least 1")
    .max(100_000, "must be at most 100000")
    .default(MAX_OPEN_CASH_ORDERS_PER_NETWORK),
  /** Support-form tickets one client address may open an hour. */
  SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR: z.coerce
    .number({ message: "must be a number of tickets" })
    .int("must be a whole number of tickets")
    .min(1, "must be at least 1")
    .max(100_000, "must be at most 100000")
    .default(10),
  /** Accounts one client address may sign up an hour; unset keeps the store's own limit. */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce
    .number({ message: "must be a number of sign-ups" })
    .int("must be a whole number of sign-ups")
    .min(1, "must be at least 1")
    .max(100_000, "must be at most 100000")
    .optional(),
  /** How long an online order holds its stock while the shopper pays. */
  PAYMENT_HOLD_MINUTES: z.coerce
    .number({ message: "must be a number of minutes" })
    .int("must be a whole number of minutes")
    .min(5, "must be at least 5 minutes")
    .max(60, "must be at most 60 minutes")
    .default(15),
});

/**
 * Outside sign-in settings that only work together: one half of a pair would show shoppers a
 * button that fails at the provider, so it stops the server instead.
 */
const SETTINGS_TOGETHER = [
  ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  ["FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"],
  ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_PROVIDER_NAME"],
  ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"],
] as const;

function missingPartners(values: Record<string, unknown>): string[] {
  return SETTINGS_TOGETHER.flatMap((group) => {
    const set = group.filter((name) => values[name] !== undefined);
    if (set.length === 0) return [];
    return group
      .filter((name) => values[name] === undefined)
      .map((name) => `  ${name}: required with ${set.join(", ")}`);
  });
}

const LOOPBACK_HOSTS = ["127.0.0.1", "::1", "localhost"];
const LOCAL_URL_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** Whether HOST lets only this machine connect. */
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.includes(host.toLowerCase());

/** TRUST_PROXY names a proxy: requests from anywhere may arrive through it, whatever HOST says. */
const behindProxy = (setting: TrustProxySetting) => setting !== false && setting !== 0;

/** Unset, or a plain-http address on this machine: shoppers cannot be sent there. */
const isLocalUrl = (url: string | undefined) => {
  if (url === undefined) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && LOCAL_URL_HOSTS.includes(hostname);
};

/** The settings that let other machines reach the store, as the refusal names them. */
function reachedBy(values: z.infer<typeof envSchema>): string {
  const named = [
    `HOST=${values.HOST}`,
    ...(values.PUBLIC_URL ? [`PUBLIC_URL=${values.PUBLIC_URL}`] : []),
    ...(behindProxy(values.TRUST_PROXY)
      ? [`TRUST_PROXY=${[values.TRUST_PROXY].flat().join(", ")}`]
      : []),
  ];
  return named.join(", ");
}

/** Used only in demo mode, so demo invoices are complete; a real store must set SELLER_GSTIN. */
const DEMO_GSTIN = "21AAAFH0000A1Z5";

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** Where uploaded product photos are kept, by content hash. */
  photoDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL without a pooler, for LISTEN and migrations (default: databaseUrl). */
  databaseDirectUrl: string | undefined;
  /**
   * The hot statements prepared once per connection: off by default when DATABASE_DIRECT_URL is
   * set, which says a pooler in transaction mode sits in front (it cannot keep them).
   */
  databaseNamedStatements: boolean;
  /** A streaming replica for the catalogue and the figures, read while within the lag bound. */
  databaseReadUrl: string | undefined;
  databaseReadMaxLagSeconds: number;
  /** PostgreSQL's statement_timeout for the store's own connections; 0: none. */
  databaseStatementTimeoutMs: number;
  demoMode: boolean;
  payments: PaymentSettings;
  logLevel: string;
  webDistDir: string;
  /** The proxies whose X-Forwarded-For is believed (see http/trusted-proxies.ts). */
  trustProxy: TrustProxySetting;
  /**
   * HOST is a loopback address, PUBLIC_URL (if set) a local http one, and no proxy is named in
   * TRUST_PROXY: nobody else can reach it.
   */
  localOnly: boolean;
  catalogueCacheSeconds: number;
  /**
   * After SIGTERM, how long the instance goes on serving while its readiness says no, so the
   * proxy's checks take it out of rotation before it stops taking requests (0 without a proxy).
   */
  shutdownDelaySeconds: number;
  /**
   * Who may read /metrics: a bearer of this token; unset, only a local scraper (loopback, nothing
   * forwarded) of a local-only store, and nobody at all elsewhere.
   */
  metricsToken: string | undefined;
  /** Checkouts at work at once in this process; unset, DEFAULT_CHECKOUT_LANES of the database. */
  checkoutLanes: number | undefined;
  /** Open cash-on-delivery orders one network may have. */
  /** Support-form tickets one client address may open an hour. */
  supportTicketsPerHour: number;
  /** Customer accounts one client address may sign up an hour; undefined keeps AUTH_LIMITS'. */
  signUpsPerHour: number | undefined;
  cashOrdersPerNetwork: number;
  /** Hours after delivery within which a refund needs no note why. */
  refundWindowHours: number;
  /** A weighed line packed within this share of what was ordered is charged as packed. */
  weightTolerancePercent: number;
  /** Where shoppers reach the store; used for links in emails. */
  publicUrl: string;
  /** Unset: mail is kept in the outbox table (shown at /dev/mailbox in demo mode). */
  smtpUrl: string | undefined;
  mailFrom: string;
  seller: { name: string; address: string; gstin: string; stateName: string; stateCode: string };
  serviceablePincodes: string[];
  /** Signs session cookies. Unset (demo mode only): the store makes one and keeps it in the database. */
  authSecret: string | undefined;
  /** Sign-in with outside accounts; each provider only when configured. */
  socialSignIn: SocialSignInSettings;
};

export type StartupNote = { level: "warn" | "info"; message: string };

const DEMO_MODE_EXPOSED =
  "DEMO MODE IS ON AND OTHER MACHINES CAN REACH THIS STORE: anyone can read every email, sign-in code and order at /dev/mailbox, and payments are test payments that take no money. Remove DEMO_MODE=true for a real store.";

const METRICS_CLOSED =
  "/metrics answers nobody: set METRICS_TOKEN (24 or more random characters, e.g. `openssl rand -base64 32`) and have Prometheus send it as `Authorization: Bearer <token>`. Without a token only a scraper on this machine may read it, and only while nothing else can reach the store (a loopback HOST, a local PUBLIC_URL, no TRUST_PROXY).";

/** What the start-up log says about settings that work but expose, or close, more than meant. */
export function startupNotes(config: Config): StartupNote[] {
  const notes: StartupNote[] = [];
  if (config.demoMode && !config.localOnly)
    notes.push({ level: "warn", message: DEMO_MODE_EXPOSED });
  if (!config.metricsToken && !config.localOnly)
    notes.push({ level: "info", message: METRICS_CLOSED });
  return notes;
}

export type OAuthClient = { clientId: string; clientSecret: string };
export type SocialSignInSettings = {
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  /** Any OpenID Connect provider, found through its issuer's discovery document. */
  oidc: (OAuthClient & { issuerUrl: string; name: string }) | undefined;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the environment once at start-up; a bad value stops the server with the variable named. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const unpaired = missingPartners(values);
  if (values.DATABASE_DIRECT_URL && !values.DATABASE_URL) {
    unpaired.push(
      "  DATABASE_DIRECT_URL: only with DATABASE_URL (the embedded database has no pooler)",
    );
  }
  if (values.DATABASE_READ_URL && !values.DATABASE_URL) {
    unpaired.push(
      "  DATABASE_READ_URL: only with DATABASE_URL (a replica follows a PostgreSQL primary)",
    );
  }
  if (unpaired.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${unpaired.join("\n")}`);
  }
  const localOnly =
    isLoopbackHost(values.HOST) &&
    isLocalUrl(values.PUBLIC_URL) &&
    !behindProxy(values.TRUST_PROXY);
  // Demo mode shows everyone's mail and takes test payments: on by default only for a store on
  // the embedded database that nobody but this machine can reach.
  const demoMode = values.DEMO_MODE ?? (!values.DATABASE_URL && localOnly);
  if (!demoMode) {
    // A real store must not fall back to demo values that customers would see or rely on.
    const missing = (["PUBLIC_URL", "SMTP_URL", "SELLER_GSTIN", "AUTH_SECRET"] as const).filter(
      (name) => !values[name],
    );
    if (missing.length > 0) {
      const why =
        values.DEMO_MODE === undefined && !values.DATABASE_URL
          ? `Demo mode is off because the store can be reached from other machines (${reachedBy(values)}).\n`
          : "";
      throw new ConfigError(
        `${why}With DEMO_MODE off these settings are required: ${missing.join(", ")}.\n` +
          "Set them, or set DEMO_MODE=true to try the store with demo values.",
      );
    }
  }
  const payments = paymentSettings(values, demoMode);
  if (!demoMode && values.OIDC_ISSUER_URL?.startsWith("http://")) {
    // Discovery names the keys that sign identities: fetched in the clear, they could be swapped.
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER_URL: must be https:// with DEMO_MODE off",
    );
  }
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    photoDir: path.resolve(
      values.PHOTO_DIR ??
        (values.NODE_ENV === "test"
          ? path.join(os.tmpdir(), "fhh-test-photos")
          : path.join(values.DATA_DIR, "photos")),
    ),
    databaseUrl: values.DATABASE_URL,
    databaseDirectUrl: values.DATABASE_DIRECT_URL,
    databaseNamedStatements:
      values.DATABASE_NAMED_STATEMENTS ??
      (!values.DATABASE_DIRECT_URL || values.DATABASE_DIRECT_URL === values.DATABASE_URL),
    databaseReadUrl: values.DATABASE_READ_URL,
    databaseReadMaxLagSeconds: values.DATABASE_READ_MAX_LAG_SECONDS,
    databaseStatementTimeoutMs: values.DATABASE_STATEMENT_TIMEOUT_MS,
    demoMode,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR),
    trustProxy: values.TRUST_PROXY,
    localOnly,
    catalogueCacheSeconds: values.CATALOGUE_CACHE_SECONDS,
    shutdownDelaySeconds: values.SHUTDOWN_DELAY_SECONDS,
    metricsToken: values.METRICS_TOKEN,
    checkoutLanes: values.CHECKOUT_LANES,
    cashOrdersPerNetwork: values.CASH_ORDERS_PER_NETWORK,
    supportTicketsPerHour: values.SUPPORT_TICKETS_PER_ADDRESS_PER_HOUR,
    signUpsPerHour: values.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    refundWindowHours: values.REFUND_WINDOW_HOURS,
    weightTolerancePercent: values.WEIGHT_TOLERANCE_PERCENT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    seller: {
      name: values.SELLER_NAME,
      address: values.SELLER_ADDRESS,
      gstin: values.SELLER_GSTIN ?? DEMO_GSTIN,
      stateName: "Odisha",
      stateCode: "21",
    },
    serviceablePincodes: values.SERVICEABLE_PINCODES
      ? values.SERVICEABLE_PINCODES.split(",").map((code) => code.trim())
      : [...DEFAULT_SERVICEABLE_PINCODES],
    authSecret: values.AUTH_SECRET,
    socialSignIn: socialSignInSettings(values),
    payments,
  };
}

export type PaymentSettings = {
  provider: "razorpay" | "test" | "none";
  razorpay?: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    apiUrl: string;
    /** The longest any one call to its API may take (PAYMENT_PROVIDER_TIMEOUT_MS). */
    timeoutMs: number;
  };
  holdMinutes: number;
};

/**
 * The payment provider: a demo store uses the test provider unless told otherwise; a real store
 * must say which (Razorpay with its keys, or none for cash on delivery only), so it never starts
 * without online payments by accident.
 */
function paymentSettings(values: z.infer<typeof envSchema>, demoMode: boolean): PaymentSettings {
  const provider = values.PAYMENT_PROVIDER ?? (demoMode ? "test" : undefined);
  if (!provider) {
    throw new ConfigError(
      "With DEMO_MODE off PAYMENT_PROVIDER is required: razorpay (with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET), or none to take cash on delivery only.",
    );
  }
  if (provider === "test" && !demoMode) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER: test takes no money and is only for demo mode",
    );
  }
  const holdMinutes = values.PAYMENT_HOLD_MINUTES;
  if (provider !== "razorpay") return { provider, holdMinutes };
  if (!demoMode && values.RAZORPAY_API_URL?.startsWith("http://")) {
    // Basic auth carries the key secret: in the clear, anyone on the path could take it.
    throw new ConfigError(
      "Invalid configuration:\n  RAZORPAY_API_URL: must be https:// with DEMO_MODE off",
    );
  }
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret } = values;
  const webhookSecret = values.RAZORPAY_WEBHOOK_SECRET;
  if (!keyId || !keySecret || !webhookSecret) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET",
    );
  }
  return {
    provider,
    razorpay: {
      keyId,
      keySecret,
      webhookSecret,
      apiUrl: (values.RAZORPAY_API_URL ?? "https://api.razorpay.com").replace(/\/$/, ""),
      timeoutMs: values.PAYMENT_PROVIDER_TIMEOUT_MS,
    },
    holdMinutes,
  };
}

function socialSignInSettings(values: z.infer<typeof envSchema>): SocialSignInSettings {
  const client = (clientId: string | undefined, clientSecret: string | undefined) =>
    clientId && clientSecret ? { clientId, clientSecret } : undefined;
  const oidc = client(values.OIDC_CLIENT_ID, values.OIDC_CLIENT_SECRET);
  return {
    google: client(values.GOOGLE_CLIENT_ID, values.GOOGLE_CLIENT_SECRET),
    facebook: client(values.FACEBOOK_CLIENT_ID, values.FACEBOOK_CLIENT_SECRET),
    oidc:
      oidc && values.OIDC_ISSUER_URL && values.OIDC_PROVIDER_NAME
        ? {
            ...oidc,
            issuerUrl: values.OIDC_ISSUER_URL.replace(/\/$/, ""),
            name: values.OIDC_PROVIDER_NAME,
          }
        : undefined,
  };
}

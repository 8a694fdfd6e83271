import path from "node:path";
import { z } from "zod";

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
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DEMO_MODE: booleanText.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().min(1).default("./dist/web"),
  TRUST_PROXY: booleanText.default(false),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  PUBLIC_URL: z.url({ message: "must be the store's address, like https://shop.example.in" }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Fresh Harvest Hub <orders@freshharvesthub.in>"),
});

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoMode: boolean;
  logLevel: string;
  webDistDir: string;
  trustProxy: boolean;
  catalogueCacheSeconds: number;
  /** Where shoppers reach the store; used for links in emails. */
  publicUrl: string;
  /** Unset: mail is kept in the outbox table (shown at /dev/mailbox in demo mode). */
  smtpUrl: string | undefined;
  mailFrom: string;
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
  return {
    nodeEnv: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    // Demo mode is the embedded set-up's default; a PostgreSQL deployment opts in explicitly.
    demoMode: values.DEMO_MODE ?? !values.DATABASE_URL,
    logLevel: values.LOG_LEVEL,
    webDistDir: path.resolve(values.WEB_DIST_DIR),
    trustProxy: values.TRUST_PROXY,
    catalogueCacheSeconds: values.CATALOGUE_CACHE_SECONDS,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ""),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
  };
}

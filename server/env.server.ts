import path from "node:path";
import { z } from "zod";
import { normalizeOrigin } from "#server/http/origin-check.server.ts";

/** Every setting the server reads, checked once at start. Documented in .env.example. */

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /**
   * The embedded database's shared buffers (MB). More keeps more of a large catalogue's pages in the process (faster
   * admin searches over a hundred thousand phrases), less keeps the process smaller. Unused with DATABASE_URL.
   */
  EMBEDDED_DB_BUFFER_MB: z.coerce.number({ message: "must be a number of megabytes" }).int().min(8).max(4096).default(16),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://phrasewise.example" }).optional(),
  SITE_NAME: z.string().min(1).max(60).default("Phrasewise"),
  SUPPORT_EMAIL: z.email({ message: "must be an email address" }).default("support@phrasewise.example"),
  SEED_DEMO: booleanFromString.default(true),
  /**
   * Set when a reverse proxy terminates connections: then X-Forwarded-For names the client (rate limits, logs).
   * Without it the header is ignored, so a client cannot pick its own address.
   */
  TRUST_PROXY: booleanFromString.default(false),
  /** S3-compatible storage for uploads and generated audio (needed by several app servers); local disk when unset. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url({ message: "must be an absolute URL" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url({ message: "must be an absolute URL" }).optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  /** The largest catalogue archive `cli import` reads (bytes; 2 GB by default). */
  CATALOG_IMPORT_MAX_BYTES: z.coerce.number({ message: "must be a number of bytes" }).int().positive().default(2 * 1024 ** 3),
  /** The largest catalogue archive the admin's Import catalog upload accepts (bytes; 512 MB by default). */
  CATALOG_UPLOAD_MAX_BYTES: z.coerce.number({ message: "must be a number of bytes" }).int().positive().default(512 * 1024 ** 2),
  /** How long the admin change log keeps an entry (days; a year by default). */
  CHANGE_LOG_DAYS: z.coerce.number({ message: "must be a number of days" }).int().min(1).max(36500).default(365),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * The SMTP server mail is sent through, such as smtps://user:password@smtp.example:465. Unset: mail is kept in the
   * mail_outbox table instead (and one log line says so).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** Sender of every mail, "Name <address>" or a bare address. Defaults to the site name at no-reply@phrasewise.example. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an address or "Name <address>"')
    .optional(),
  /**
   * Signs session cookies and flash messages (at least 32 characters). Required in production with DATABASE_URL, where
   * several servers must share it; otherwise generated once and kept in DATA_DIR/auth-secret.
   */
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * A cloud voice for generated speech (see server/tts/http-tts.server.ts): the endpoint that turns
   * {"text","voice","format"} into MP3 or WAV. Unset: the built-in eSpeak NG engine speaks, offline.
   */
  TTS_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** Bearer token for TTS_URL. */
  TTS_API_KEY: z.string().min(1).optional(),
  /**
   * Origins of the companion app's web views that may send state-changing requests with cookies or tokens, comma
   * separated, such as `phrasewise://,capacitor://localhost`. A native HTTP client sends no Origin and needs none.
   */
  APP_ORIGINS: z
    .string()
    .transform((value) => value.split(",").map(normalizeOrigin).filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .max(200)
          .regex(/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]*$/, "must list origins such as phrasewise:// or https://app.example, comma separated"),
      ),
    )
    .default([]),
  /** This address becomes an administrator when it signs in after confirming its email (SPEC §6). */
  OWNER_EMAIL: z
    .email({ message: "must be an email address" })
    .transform((v) => v.toLowerCase())
    .optional(),
});

type ParsedEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<ParsedEnv, "PUBLIC_URL" | "MAIL_FROM"> {
  /** Absolute directory for the embedded database and local file storage. */
  DATA_DIR: string;
  /** Origin the site is reached at, without a trailing slash. */
  PUBLIC_URL: string;
  /** Sender of every mail. */
  MAIL_FROM: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Treats empty strings as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(source: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}`);
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration: BETTER_AUTH_SECRET is required in production with DATABASE_URL (every server must share it)",
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: publicUrl,
    MAIL_FROM: env.MAIL_FROM ?? defaultMailFrom(env.SITE_NAME),
  };
}

/** `Phrasewise <no-reply@phrasewise.example>`; a site name with characters special in mail headers is quoted. */
export function defaultMailFrom(siteName: string) {
  const name = /^[\w -]+$/.test(siteName) ? siteName : `"${siteName.replace(/["\\\r\n]/g, "")}"`;
  return `${name} <no-reply@phrasewise.example>`;
}

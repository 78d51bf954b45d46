import path from "node:path";
import { defaultSettings, type SiteSettings } from "#common/settings.ts";
import type { BlogPostSummary } from "#common/blog.ts";
import { createAuth, type Auth } from "#server/auth/auth.server.ts";
import { resolveAuthSecret } from "#server/auth/secret.server.ts";
import { listPublishedPosts } from "#server/blog/blog.server.ts";
import { adminCounts, type AdminCounts } from "#server/admin/overview.server.ts";
import { loadCatalogSnapshot, type CatalogSnapshot } from "#server/catalog/catalog-snapshot.server.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server.ts";
import type { Env } from "#server/env.server.ts";
import { cached } from "#server/events/cached.server.ts";
import { createLocalEventBus, createPostgresEventBus, type EventBus } from "#server/events/event-bus.server.ts";
import { createLogger, type Logger } from "#server/logger.server.ts";
import type { Mailer } from "#server/mail/mailer.server.ts";
import { createOutboxMailer } from "#server/mail/outbox-mailer.server.ts";
import { createSmtpMailer } from "#server/mail/smtp-mailer.server.ts";
import { initializeInstallation } from "#server/seed/seed.server.ts";
import { readOrCreateSettings, saveSettings } from "#server/settings/settings.server.ts";
import type { ChangeRecorder } from "#server/admin/change-log.server.ts";
import { createLocalStorage, sweepPartialWrites } from "#server/storage/local-storage.server.ts";
import { createS3Storage } from "#server/storage/s3-storage.server.ts";
import type { Storage } from "#server/storage/storage.server.ts";
import { createEspeakTextToSpeech } from "#server/tts/espeak.server.ts";
import { createHttpTextToSpeech } from "#server/tts/http-tts.server.ts";
import type { TextToSpeech } from "#server/tts/text-to-speech.server.ts";
import { createReadingHelper } from "#server/reading/reading-helper.server.ts";
import { createReadingJobs, type ReadingJobs } from "#server/reading/reading-jobs.server.ts";
import { createMediaResolver, type MediaImportOptions, type MediaResolver } from "#server/uploads/media-import.server.ts";

/**
 * Everything a request needs, built once per process from the environment. Loaders, actions, API handlers and the
 * CLI all reach the database and the outside world through this. Nothing in it is the only copy of any state: the
 * caches are invalidated through the event bus, so several processes on one PostgreSQL stay consistent.
 */
export interface Runtime {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  events: EventBus;
  storage: Storage;
  tts: TextToSpeech;
  /** Media addresses on save: ours kept, outside ones copied into storage (server/uploads/media-import.server.ts). */
  media: MediaResolver;
  /** Reading aids (romaji, pinyin, transliteration), computed after saves and at start in a child process. */
  readings: ReadingJobs;
  /** SMTP when SMTP_URL is set, else the mail_outbox table. */
  mailer: Mailer;
  /** Accounts and sessions (better-auth); see server/auth/. */
  auth: Auth;
  /** Signs session cookies and flash messages: BETTER_AUTH_SECRET or DATA_DIR/auth-secret. */
  authSecret: string;
  /** The public catalogue, cached until a catalogue change is announced. */
  catalog(): Promise<CatalogSnapshot>;
  /**
   * The Overview's counts, exact, cached until a catalogue or blog change is announced: at 100,000 phrases a count(*)
   * is a scan, and PGlite answers one query at a time, so counting on every view queued the other admin pages.
   */
  adminCounts(): Promise<AdminCounts>;
  /** Published posts, newest first, cached until a blog change is announced. */
  publishedPosts(): Promise<BlogPostSummary[]>;
  /** The three latest of them, for the home page (SPEC §9). */
  latestPosts(): Promise<BlogPostSummary[]>;
  settings: {
    get(): Promise<SiteSettings>;
    /** `changes`: an admin's change, recorded in the change log; set-up code passes none. */
    save(patch: Partial<Omit<SiteSettings, "id">>, changes?: ChangeRecorder): Promise<SiteSettings>;
  };
  close(): Promise<void>;
}

/** Home shows the 3 latest published posts (SPEC §9). */
const HOME_POST_COUNT = 3;

export interface RuntimeOptions {
  /** Skip first-start work (seeding), as the CLI's own commands decide that themselves. */
  initialize?: boolean;
  logger?: Logger;
  /** An already open database (tests); by default the one DATABASE_URL or DATA_DIR names. */
  database?: DatabaseHandle;
  /** How outside media addresses are fetched (tests allow their own loopback server). */
  mediaImport?: MediaImportOptions;
}

export async function createRuntime(env: Env, options: RuntimeOptions = {}): Promise<Runtime> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const database =
    options.database ??
    (await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR, bufferMb: env.EMBEDDED_DB_BUFFER_MB }, logger));
  const { db } = database;
  try {
    const events = database.connectionString
      ? await createPostgresEventBus(database.connectionString, db, logger)
      : createLocalEventBus();
    const storage = createStorage(env);
    await sweepLocalStorage(env, database, logger);
    const espeak = createEspeakTextToSpeech();
    const tts = env.TTS_URL ? createHttpTextToSpeech({ url: env.TTS_URL, apiKey: env.TTS_API_KEY, encoder: espeak }) : espeak;
    const mailer = env.SMTP_URL
      ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : createOutboxMailer(db, { from: env.MAIL_FROM, logger });

    const authSecret = resolveAuthSecret(env);
    const auth = createAuth({ db, env, mailer, logger, secret: authSecret });

    if (options.initialize !== false) {
      await initializeInstallation({ db, storage, tts, events, logger }, { seedDemo: env.SEED_DEMO });
    }

    const readings = createReadingJobs({ db, events, logger, helper: createReadingHelper() });
    // Whatever any server left without a reading (a crash after a save, the demo seed, an older version).
    if (options.initialize !== false) readings.backfillSoon();

    // Failures are not cached: the next request tries the database again.
    const settingsCache = cached(() => readOrCreateSettings(db, env.SITE_NAME), events, ["settings"]);

    const catalogCache = cached(() => loadCatalogSnapshot(db), events, ["catalog"]);
    const postsCache = cached(() => listPublishedPosts(db), events, ["blog"]);
    const countsCache = cached(() => adminCounts(db), events, ["catalog", "blog"]);

    return {
      env,
      logger,
      catalog: catalogCache.get,
      adminCounts: countsCache.get,
      publishedPosts: postsCache.get,
      latestPosts: async () => (await postsCache.get()).slice(0, HOME_POST_COUNT),
      database,
      events,
      storage,
      tts,
      readings,
      media: createMediaResolver({ storage, publicUrl: env.PUBLIC_URL }, options.mediaImport),
      mailer,
      auth,
      authSecret,
      settings: {
        get: () =>
          settingsCache.get().catch((error: unknown) => {
            logger.error("Reading the site settings failed; serving defaults", error);
            return defaultSettings(env.SITE_NAME);
          }),
        async save(patch, changes) {
          const saved = await saveSettings(db, env.SITE_NAME, patch, changes);
          await events.publish("settings");
          return saved;
        },
      },
      async close() {
        // Account mails still on their way (they leave in the background).
        await auth.flushMail();
        await readings.close();
        await events.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Where browsers fetch stored files from, when that is not this site (/storage): the bucket's or CDN's address. */
export function storagePublicUrl(env: Env): string | undefined {
  if (!env.S3_BUCKET) return undefined;
  return (
    env.S3_PUBLIC_URL ??
    (env.S3_ENDPOINT ? `${env.S3_ENDPOINT.replace(/\/+$/, "")}/${env.S3_BUCKET}` : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`)
  );
}

const localStorageRoot = (env: Env) => path.join(env.DATA_DIR, "storage");

/** A partial write nobody touched for this long is dead, whichever process started it. */
const ABANDONED_WRITE_MS = 10 * 60_000;

/**
 * Removes the partial files of writes a killed process left in local storage (S3 has none: an object appears whole
 * or not at all). The embedded database locks DATA_DIR to this process, so then every partial file is dead; with a
 * PostgreSQL server, several processes may share the directory, and only stale ones are removed.
 */
async function sweepLocalStorage(env: Env, database: DatabaseHandle, logger: Logger) {
  if (env.S3_BUCKET) return;
  const removed = await sweepPartialWrites(localStorageRoot(env), { olderThanMs: database.kind === "pglite" ? 0 : ABANDONED_WRITE_MS });
  if (removed > 0) logger.info(`Removed ${removed} partly written files that a stopped process left in storage.`);
}

/** Local disk under DATA_DIR by default; an S3-compatible bucket when S3_BUCKET is set. */
function createStorage(env: Env): Storage {
  const publicUrl = storagePublicUrl(env);
  if (!env.S3_BUCKET || !publicUrl) return createLocalStorage(localStorageRoot(env));
  return createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    publicUrl,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
    ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
  });
}

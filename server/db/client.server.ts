import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "#server/logger.server.ts";
import { acquireDirectoryLock } from "#server/db/directory-lock.server.ts";
import * as schema from "#server/db/schema.ts";
import { readAnswersWithPgProtocol } from "#server/db/pglite-answers.server.ts";
import { pglitePreparedRunner, postgresPreparedRunner, type RunPrepared } from "#server/db/prepared-read.server.ts";

export type Schema = typeof schema;
/** The one database type services take, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs a read prepared once per connection (server/db/prepared-read.server.ts). */
  runPrepared: RunPrepared;
  /** For LISTEN/NOTIFY; only a PostgreSQL server has one. */
  connectionString?: string;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(process.cwd(), "server/db/migrations");

/**
 * Whether the database already holds the last migration of `folder`'s journal, read as drizzle's migrator reads it
 * (it applies every migration newer than the newest row of drizzle.__drizzle_migrations). Most starts have nothing to
 * apply, and the migrator's own check (its schema and table created if missing, every migration file read and hashed)
 * cost PGlite's start 65-78 ms against 9-21 ms for this one read (bench/README.md, "Start, the migrations' check").
 */
export async function migrationsApplied(query: (text: string) => Promise<{ rows: unknown[] }>, folder = migrationsFolder): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  // Asked first, as a statement naming a table that does not exist fails whole (a new database).
  const { rows: table } = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!(table[0] as { present: boolean } | undefined)?.present) return false;
  const { rows } = await query("select max(created_at)::text as newest from drizzle.__drizzle_migrations");
  const applied = (rows[0] as { newest: string | null } | undefined)?.newest;
  return applied !== null && applied !== undefined && Number(applied) >= newest;
}

/**
 * `bufferMb`: the embedded PostgreSQL's shared buffers (EMBEDDED_DB_BUFFER_MB). `migrations`: another migrations
 * folder than the app's (a test of an upgrade).
 */
type EmbeddedOptions = { bufferMb?: number; migrations?: string };
export type DatabaseConfig = { databaseUrl: string } | ({ dataDir: string } & EmbeddedOptions) | ({ inMemory: true } & EmbeddedOptions);

/**
 * The embedded PostgreSQL's shared buffers by default. Its own 128 MB would be most of the process's memory, and
 * public reads come from in-memory caches anyway. 16 MB rather than 32 takes 18 MB off the server's RSS under mixed
 * traffic; what it costs is page reads from the operating system's cache for large scans: the admin's worst search
 * at 100,000 phrases took about 13 ms more (bench/README.md, "Memory under mixed traffic").
 */
export const DEFAULT_EMBEDDED_BUFFER_MB = 16;

export async function openDatabase(config: DatabaseConfig, logger: Logger): Promise<DatabaseHandle> {
  if ("databaseUrl" in config) return openPostgres(config.databaseUrl, logger);
  return openPglite(config, logger);
}

/** How long a request waits for a PostgreSQL connection before the database counts as unavailable (503). */
const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(connectionString: string, logger: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // Without a listener, a server restart or dropped idle connection crashes the process.
  pool.on("error", (error) => logger.warn("PostgreSQL pool connection error", error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  try {
    if (!(await migrationsApplied((text) => pool.query(text)))) await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: "postgres", runPrepared: postgresPreparedRunner(pool), connectionString, close: () => pool.end() };
}

async function openPglite(config: ({ dataDir: string } & EmbeddedOptions) | ({ inMemory: true } & EmbeddedOptions), logger: Logger): Promise<DatabaseHandle> {
  let release = () => {};
  let dataPath: string | undefined;
  if ("dataDir" in config) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    release = acquireDirectoryLock(config.dataDir);
    dataPath = path.join(config.dataDir, "pglite");
  }
  try {
    const bufferMb = config.bufferMb ?? DEFAULT_EMBEDDED_BUFFER_MB;
    const client = await PGlite.create(dataPath, { postgresqlconf: [`shared_buffers = ${bufferMb}MB`], extensions: { pg_trgm } });
    readAnswersWithPgProtocol(client);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    const migrations = config.migrations ?? migrationsFolder;
    if (!(await migrationsApplied((text) => client.query(text), migrations))) await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrations });
    return {
      db,
      kind: "pglite",
      runPrepared: pglitePreparedRunner(client),
      async close() {
        try {
          // PGlite runs with fsync off: a checkpoint before closing leaves a clean data directory.
          await client.exec("CHECKPOINT");
          await client.close();
        } catch (error) {
          logger.warn("Closing the embedded database failed", error);
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Socket errors that mean the PostgreSQL server cannot be reached (refused, cut, timed out, unresolvable). */
const networkCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** node-postgres's own messages for a connection lost or never made, and PGlite's once it is closed. */
const unavailableMessage =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is clos(?:ed|ing))/;

/**
 * Whether an error means the database is out of reach (an outage: retry later) rather than a fault in a query (a
 * bug). Follows the cause chain, as drizzle wraps driver errors. Connection-class SQLSTATEs count too: class 08
 * (connection exception), 57P01 to 57P03 (server shutting down or starting) and 53300 (too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (networkCodes.has(code) || /^08|^57P0[123]$|^53300$/.test(code))) return true;
    if (unavailableMessage.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

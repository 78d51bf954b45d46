import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server.ts";
import { createLogger } from "#server/logger.server.ts";

export const quietLogger = createLogger("silent");

/** Which database the service suite runs on: PGlite unless TEST_DB=postgres (with TEST_DATABASE_URL). */
export const testDriver = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the PostgreSQL server
 * that is dropped again on close. A test whose subject only exists on a PostgreSQL server (LISTEN/NOTIFY over a
 * network connection) asks for `postgres` whichever driver the suite runs on.
 */
export async function openTestDatabase(driver = testDriver): Promise<DatabaseHandle & { url?: string }> {
  if (driver === "pglite") return openDatabase({ inMemory: true }, quietLogger);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("Tests on PostgreSQL need TEST_DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test)");
  const name = `phrasewise_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() }, quietLogger);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.server.ts";
import { syncedTables, type SyncEntity } from "#server/learning/sync-tables.server.ts";

/**
 * A pull: the learner's synced rows and tombstones with a version above the cursor, oldest first, a page at a time.
 * One statement, so one snapshot: a transaction of this learner's is seen whole or not at all, and as every write to
 * the learner's rows holds their sync lock while it draws versions (migration 0011), nothing committed later can
 * carry a version below the page's last one.
 */

export const PULL_LIMIT_DEFAULT = 500;
export const PULL_LIMIT_MAX = 1000;

export type EntityChanges = { upserted: ({ version: number } & object)[]; deleted: ({ version: number } & object)[] };
export type SyncChanges = Record<SyncEntity, EntityChanges>;

export interface PullPage {
  changes: SyncChanges;
  /** The version of the page's last change (the cursor's when the page is empty). */
  lastVersion: number;
  hasMore: boolean;
}

const byTable = new Map<string, (typeof syncedTables)[number]>(syncedTables.map((t) => [t.table, t]));

/** One row: how many versions the first step found (up to limit + 1), then per table its page as JSON arrays. */
type PullRow = { picked: number } & Record<string, string | null>;

/** The tombstones' column in that row. */
const DELETED = "deleted";

export async function pullChanges(db: Executor, userId: string, after: number, limit: number): Promise<PullPage> {
  const take = limit + 1;
  // First the page's versions alone (index-only scans), then each table's rows up to the page's last version, built
  // in SQL as one JSON array per table: one row to hand over rather than a thousand. On the embedded database each
  // row and cell crossing over costs more than building them (a 1,000-row page of ratings: 12 ms as rows of JSON
  // objects, 6 ms as one array of arrays).
  const versions = syncedTables.map(
    (t) => sql`(select p.version from ${sql.identifier(t.table)} p where ${t.owner} = ${userId} and p.version > ${after} order by p.version limit ${take})`,
  );
  versions.push(sql`(select t.version from sync_tombstones t where t.user_id = ${userId} and t.version > ${after} order by t.version limit ${take})`);
  const upto = sql`(select upto from bound)`;
  const pages = syncedTables.map(
    (t, i) =>
      sql`(select json_agg(json_build_array(p.version, ${sql.join(Object.values(t.fields), sql`, `)}) order by p.version)
        from ${sql.identifier(t.table)} p where ${t.owner} = ${userId} and p.version > ${after} and p.version <= ${upto})::text as ${sql.identifier(`t${i}`)}`,
  );
  pages.push(sql`(select json_agg(json_build_array(t.version, t.table_name, t.row_key::json) order by t.version) from sync_tombstones t
    where t.user_id = ${userId} and t.version > ${after} and t.version <= ${upto})::text as ${sql.identifier(DELETED)}`);
  const result = await db.execute(
    sql`with picked as (select c.version from (${sql.join(versions, sql` union all `)}) c order by c.version limit ${take}),
      bound as (select coalesce((select version from picked order by version offset ${limit - 1} limit 1), 9223372036854775807) as upto)
      select (select count(*) from picked)::int as picked, ${sql.join(pages, sql`, `)}`,
  );
  const row = (result as unknown as { rows: PullRow[] }).rows[0]!;
  let lastVersion = after;
  const versionOf = (value: unknown) => {
    const version = Number(value);
    if (version > lastVersion) lastVersion = version;
    return version;
  };
  const changes = Object.fromEntries(syncedTables.map((t) => [t.entity, { upserted: [], deleted: [] }])) as unknown as SyncChanges;
  // Plain loops: a page is up to a thousand rows, and every object made here is garbage a moment later.
  syncedTables.forEach((table, i) => {
    const names = Object.keys(table.fields);
    const upserted = changes[table.entity].upserted;
    for (const values of JSON.parse(row[`t${i}`] ?? "[]") as unknown[][]) {
      const data: Record<string, unknown> = {};
      for (let n = 0; n < names.length; n++) data[names[n]!] = values[n + 1];
      const change = table.toApi(data) as { version: number };
      change.version = versionOf(values[0]);
      upserted.push(change);
    }
  });
  for (const [version, tableName, key] of JSON.parse(row[DELETED] ?? "[]") as [unknown, string, Record<string, unknown>][]) {
    const table = byTable.get(tableName);
    if (table) changes[table.entity].deleted.push({ ...table.keyToApi(key), version: versionOf(version) });
  }
  return { changes, lastVersion, hasMore: row.picked > limit };
}

/** The cursor is opaque to the app: the version it reached, wrapped so that it can change shape later. */
export function encodeCursor(version: number): string {
  return Buffer.from(`v1:${version}`).toString("base64url");
}

/** The version a cursor holds, or null when it is not one of ours. */
export function decodeCursor(cursor: string): number | null {
  const match = /^v1:(0|[1-9]\d{0,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) return null;
  const version = Number(match[1]);
  return Number.isSafeInteger(version) ? version : null;
}

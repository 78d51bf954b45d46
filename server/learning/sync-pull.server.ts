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

interface ChangeRow {
  version: string;
  entity: string;
  deleted: boolean;
  data: string;
  /** How many versions the first step found (up to limit + 1): more than the limit means more pages. */
  picked: number;
}

const byTable = new Map<string, (typeof syncedTables)[number]>(syncedTables.map((t) => [t.table, t]));
const byEntity = new Map<string, (typeof syncedTables)[number]>(syncedTables.map((t) => [t.entity, t]));

export async function pullChanges(db: Executor, userId: string, after: number, limit: number): Promise<PullPage> {
  const take = limit + 1;
  // First the page's versions alone (index-only scans), then the rows up to its last one built as JSON: building
  // every table's next `take` rows and keeping `limit` of them cost a 1,000-row page seven times the work.
  const versions = syncedTables.map(
    (t) => sql`(select p.version from ${sql.identifier(t.table)} p where ${t.owner} = ${userId} and p.version > ${after} order by p.version limit ${take})`,
  );
  versions.push(sql`(select t.version from sync_tombstones t where t.user_id = ${userId} and t.version > ${after} order by t.version limit ${take})`);
  const upto = sql`(select coalesce((select version from picked order by version offset ${limit - 1} limit 1), 9223372036854775807))`;
  const branches = syncedTables.map(
    (t) =>
      sql`(select p.version, ${t.entity}::text as entity, false as deleted, ${t.data} as data from ${sql.identifier(t.table)} p
        where ${t.owner} = ${userId} and p.version > ${after} and p.version <= ${upto})`,
  );
  branches.push(sql`(select t.version, t.table_name as entity, true as deleted, t.row_key::json as data from sync_tombstones t
    where t.user_id = ${userId} and t.version > ${after} and t.version <= ${upto})`);
  const result = await db.execute(
    sql`with picked as (select c.version from (${sql.join(versions, sql` union all `)}) c order by c.version limit ${take})
      select c.version::text as version, c.entity, c.deleted, c.data::text as data, (select count(*) from picked)::int as picked
      from (${sql.join(branches, sql` union all `)}) c order by c.version`,
  );
  const page = (result as unknown as { rows: ChangeRow[] }).rows;
  const hasMore = (page[0]?.picked ?? 0) > limit;
  const changes = Object.fromEntries(syncedTables.map((t) => [t.entity, { upserted: [], deleted: [] }])) as unknown as SyncChanges;
  for (const row of page) {
    const version = Number(row.version);
    const data = JSON.parse(row.data) as Record<string, unknown>;
    if (row.deleted) {
      const table = byTable.get(row.entity);
      if (table) changes[table.entity].deleted.push({ ...table.keyToApi(data), version });
    } else {
      const table = byEntity.get(row.entity)!;
      changes[table.entity].upserted.push({ ...table.toApi(data), version });
    }
  }
  return { changes, lastVersion: page.length > 0 ? Number(page.at(-1)!.version) : after, hasMore };
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

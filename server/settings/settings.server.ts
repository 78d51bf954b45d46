import { eq, getTableColumns } from "drizzle-orm";
import {
  SETTINGS_ID,
  defaultSettings,
  normalizeBannerSize,
  type SettingsField,
  type SiteSettings,
} from "#common/settings.ts";
import type { Database, Executor } from "#server/db/client.server.ts";
import { recordChange, textChanges, type ChangeRecorder } from "#server/admin/change-log.server.ts";
import { settings as settingsTable } from "#server/db/schema.ts";

type Row = typeof settingsTable.$inferSelect;
type RowField = Exclude<keyof Row, "id" | "updatedAt">;

/** Column key (camelCase) for each spec field name (snake_case), read from the schema itself. */
const columnKeyByField = Object.fromEntries(
  Object.entries(getTableColumns(settingsTable))
    .filter(([key]) => key !== "id" && key !== "updatedAt")
    .map(([key, column]) => [column.name, key as RowField]),
) as Record<SettingsField, RowField>;

export const settingsFields = Object.keys(columnKeyByField) as SettingsField[];

function fromRow(row: Row): SiteSettings {
  const result: Record<string, unknown> = { id: SETTINGS_ID };
  for (const field of settingsFields) result[field] = row[columnKeyByField[field]];
  const value = result as unknown as SiteSettings;
  return { ...value, banner_show_logo: value.banner_show_logo ?? true, banner_size: normalizeBannerSize(value.banner_size) };
}

function toRow(patch: Partial<Omit<SiteSettings, "id">>): Partial<Row> {
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    const key = columnKeyByField[field as SettingsField];
    if (key && value !== undefined) row[key] = value;
  }
  if ("banner_size" in patch) row.bannerSize = normalizeBannerSize(patch.banner_size);
  return row as Partial<Row>;
}

/** Reads the single settings row, creating it with the defaults when it does not exist yet (SPEC §3). */
export async function readOrCreateSettings(db: Executor, siteName: string): Promise<SiteSettings> {
  const [row] = await db.select().from(settingsTable).where(eq(settingsTable.id, SETTINGS_ID));
  if (row) return fromRow(row);
  await db
    .insert(settingsTable)
    .values({ id: SETTINGS_ID, ...toRow(withoutId(defaultSettings(siteName))) })
    .onConflictDoNothing();
  const [created] = await db.select().from(settingsTable).where(eq(settingsTable.id, SETTINGS_ID));
  if (!created) throw new Error("The settings row could not be created");
  return fromRow(created);
}

/**
 * Applies a partial change, creating the row first if needed, and returns the stored result. An admin's change (one
 * with a recorder) is written to the change log in the same transaction; set-up code (seed, tests) passes none.
 */
export async function saveSettings(
  db: Database,
  siteName: string,
  patch: Partial<Omit<SiteSettings, "id">>,
  recorder?: ChangeRecorder,
): Promise<SiteSettings> {
  return db.transaction(async (tx) => {
    const before = await readOrCreateSettings(tx, siteName);
    const changes = toRow(patch);
    if (Object.keys(changes).length === 0) return before;
    await tx
      .update(settingsTable)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(settingsTable.id, SETTINGS_ID));
    const after = await readOrCreateSettings(tx, siteName);
    if (recorder) {
      const fields = Object.keys(patch) as (keyof typeof patch & string)[];
      const texts = textChanges(before, after, fields);
      if (Object.keys(texts).length > 0) await recordChange(tx, recorder, { section: "settings", action: "Edited settings", subject: "Site settings", changes: texts });
    }
    return after;
  });
}

function withoutId(value: SiteSettings): Omit<SiteSettings, "id"> {
  const { id: _id, ...rest } = value;
  return rest;
}

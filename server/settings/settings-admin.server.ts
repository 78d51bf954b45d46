import type { SiteSettings } from "#common/settings.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { readOrCreateSettings } from "#server/settings/settings.server.ts";
import type { ChangeRecorder } from "#server/admin/change-log.server.ts";
import { removeUnreferencedFiles } from "#server/uploads/unreferenced-files.server.ts";

type Deps = Pick<Runtime, "database" | "env" | "settings">;

/** The stored record as the Settings screen shows it: from the database, never from the public cache. */
export function readSettingsForAdmin(runtime: Deps): Promise<SiteSettings> {
  return readOrCreateSettings(runtime.database.db, runtime.env.SITE_NAME);
}

/**
 * An admin's change. It goes through runtime.settings.save, which writes, re-reads the record and announces the
 * change on the event bus, so every public page (and the page cache) shows it on the next request.
 */
export function updateSettings(runtime: Deps, patch: Partial<Omit<SiteSettings, "id">>, changes: ChangeRecorder): Promise<SiteSettings> {
  return runtime.settings.save(patch, changes);
}

/**
 * Saves a newly uploaded image's URL in place of the old one, then removes the old file if our storage holds it and
 * nothing else points at it (the default images under /images and external addresses are left alone).
 */
export async function replaceSettingsImage(
  runtime: Deps & Pick<Runtime, "storage" | "logger">,
  field: "logo" | "favicon" | "hero_image" | "app_screenshot",
  url: string,
  changes: ChangeRecorder,
): Promise<SiteSettings> {
  const before = await readSettingsForAdmin(runtime);
  const saved = await updateSettings(runtime, { [field]: url }, changes);
  const old = before[field];
  if (old && old !== url) {
    // The record is already right; a file left behind costs only space, so a failed delete is logged, not raised.
    const warn = (error: unknown) => runtime.logger.warn("Removing a replaced settings image failed", error);
    await removeUnreferencedFiles(runtime.database.db, runtime.storage, [old], warn).catch(warn);
  }
  return saved;
}

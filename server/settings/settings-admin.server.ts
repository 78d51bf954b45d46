import type { SiteSettings } from "#app/lib/settings.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { readOrCreateSettings } from "#server/settings/settings.server.ts";

type Deps = Pick<Runtime, "database" | "env" | "settings">;

/** The stored record as the Settings screen shows it: from the database, never from the public cache. */
export function readSettingsForAdmin(runtime: Deps): Promise<SiteSettings> {
  return readOrCreateSettings(runtime.database.db, runtime.env.SITE_NAME);
}

/**
 * An admin's change. It goes through runtime.settings.save, which writes, re-reads the record and announces the
 * change on the event bus, so every public page (and the page cache) shows it on the next request.
 */
export function updateSettings(runtime: Deps, patch: Partial<Omit<SiteSettings, "id">>): Promise<SiteSettings> {
  return runtime.settings.save(patch);
}

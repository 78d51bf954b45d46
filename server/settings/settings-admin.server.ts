import type { SiteSettings } from "#common/settings.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { readOrCreateSettings } from "#server/settings/settings.server.ts";
import { deleteStoredFileByUrl } from "#server/uploads/uploads.server.ts";

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

/**
 * Saves a newly uploaded image's URL in place of the old one, then removes the old file if our storage holds it and
 * nothing else points at it (the default images under /images and external addresses are left alone).
 */
export async function replaceSettingsImage(
  runtime: Deps & Pick<Runtime, "storage" | "logger">,
  field: "logo" | "favicon" | "hero_image" | "app_screenshot",
  url: string,
): Promise<SiteSettings> {
  const before = await readSettingsForAdmin(runtime);
  const saved = await updateSettings(runtime, { [field]: url });
  const old = before[field];
  const stillUsed = (["logo", "favicon", "hero_image", "app_screenshot"] as const).some((f) => saved[f] === old);
  if (old && old !== url && !stillUsed) {
    // The record is already right; a file left behind costs only space, so a failed delete is logged, not raised.
    await deleteStoredFileByUrl(runtime.storage, old).catch((error: unknown) => runtime.logger.warn("Removing a replaced settings image failed", error));
  }
  return saved;
}

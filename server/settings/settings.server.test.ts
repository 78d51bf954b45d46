import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SETTINGS_ID, defaultSettings } from "#common/settings.ts";
import type { DatabaseHandle } from "#server/db/client.server.ts";
import { settings } from "#server/db/schema.ts";
import { readOrCreateSettings, saveSettings, settingsFields } from "#server/settings/settings.server.ts";
import { openTestDatabase } from "#tests/support/database.ts";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(settings);
});

describe("settings service", () => {
  it("creates the single site_settings row with the defaults when none exists", async () => {
    const result = await readOrCreateSettings(handle.db, "Phrasewise");
    expect(result).toEqual(defaultSettings("Phrasewise"));
    const rows = await handle.db.select().from(settings);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(SETTINGS_ID);
  });

  it("has a field for every settings column of SPEC §3", () => {
    expect(new Set(settingsFields)).toEqual(
      new Set([
        "logo", "favicon", "hero_image", "app_screenshot", "app_store_link", "play_store_link", "facebook_link",
        "twitter_link", "instagram_link", "linkedin_link", "pinterest_link", "about_title", "about_content",
        "who_we_are_title", "who_we_are_content", "how_it_works_title", "how_it_works_content", "banner_bg_color",
        "banner_text_color", "banner_cta_text", "banner_cta_color", "banner_cta_bg_color", "banner_show_logo",
        "banner_title", "banner_description", "banner_size",
      ]),
    );
  });

  it("uses the banner defaults of SPEC §9", async () => {
    const result = await readOrCreateSettings(handle.db, "Phrasewise");
    expect(result).toMatchObject({
      banner_bg_color: "#F5F3FF",
      banner_text_color: "#333333",
      banner_cta_color: "#FFFFFF",
      banner_cta_bg_color: "#e16b3c",
      banner_show_logo: true,
      banner_size: "medium",
      about_title: "About Phrasewise",
      who_we_are_title: "Who We Are",
      how_it_works_title: "How It Works",
    });
  });

  it("saves a partial change and keeps the other fields", async () => {
    const saved = await saveSettings(handle.db, "Phrasewise", { facebook_link: "https://facebook.com/phrasewise", banner_size: "large" });
    expect(saved.facebook_link).toBe("https://facebook.com/phrasewise");
    expect(saved.banner_size).toBe("large");
    expect(saved.about_title).toBe("About Phrasewise");
  });

  it("turns an unknown banner size into medium on save and on read", async () => {
    const saved = await saveSettings(handle.db, "Phrasewise", { banner_size: "huge" as never });
    expect(saved.banner_size).toBe("medium");
    const [row] = await handle.db.select().from(settings).where(eq(settings.id, SETTINGS_ID));
    expect(row?.bannerSize).toBe("medium");

    await handle.db.execute(sql`update settings set banner_size = 'gigantic'`);
    expect((await readOrCreateSettings(handle.db, "Phrasewise")).banner_size).toBe("medium");
  });

  it("creates the row once even when two readers race", async () => {
    await Promise.all([readOrCreateSettings(handle.db, "A"), readOrCreateSettings(handle.db, "A")]);
    expect(await handle.db.$count(settings)).toBe(1);
  });
});

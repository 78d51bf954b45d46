import type { SiteSettings } from "#common/settings.ts";

/** The part of the settings every page's chrome needs; the rest stays on the pages that use it. */
export type ChromeSettings = Pick<
  SiteSettings,
  | "logo"
  | "favicon"
  | "app_store_link"
  | "play_store_link"
  | "facebook_link"
  | "twitter_link"
  | "instagram_link"
  | "linkedin_link"
  | "pinterest_link"
>;

export function chromeSettings(settings: SiteSettings): ChromeSettings {
  return {
    logo: settings.logo,
    favicon: settings.favicon,
    app_store_link: settings.app_store_link,
    play_store_link: settings.play_store_link,
    facebook_link: settings.facebook_link,
    twitter_link: settings.twitter_link,
    instagram_link: settings.instagram_link,
    linkedin_link: settings.linkedin_link,
    pinterest_link: settings.pinterest_link,
  };
}

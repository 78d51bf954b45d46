/** The site-wide settings record (SPEC §3) as the UI and the JSON API see it. Browser-safe. */

export const SETTINGS_ID = "site_settings";
export const bannerSizes = ["small", "medium", "large"] as const;
export type BannerSize = (typeof bannerSizes)[number];

export interface SiteSettings {
  id: typeof SETTINGS_ID;
  logo: string | null;
  favicon: string | null;
  hero_image: string | null;
  app_screenshot: string | null;
  app_store_link: string | null;
  play_store_link: string | null;
  facebook_link: string | null;
  twitter_link: string | null;
  instagram_link: string | null;
  linkedin_link: string | null;
  pinterest_link: string | null;
  about_title: string | null;
  about_content: string | null;
  who_we_are_title: string | null;
  who_we_are_content: string | null;
  how_it_works_title: string | null;
  how_it_works_content: string | null;
  banner_bg_color: string | null;
  banner_text_color: string | null;
  banner_cta_text: string | null;
  banner_cta_color: string | null;
  banner_cta_bg_color: string | null;
  banner_show_logo: boolean;
  banner_title: string | null;
  banner_description: string | null;
  banner_size: BannerSize;
}

export type SettingsField = Exclude<keyof SiteSettings, "id">;

export const DEFAULT_FAVICON = "/favicon.svg";

/** Any value other than small, medium or large reads and saves as medium (SPEC §5). */
export function normalizeBannerSize(value: unknown): BannerSize {
  return bannerSizes.includes(value as BannerSize) ? (value as BannerSize) : "medium";
}

export function defaultSettings(siteName: string): SiteSettings {
  return {
    id: SETTINGS_ID,
    logo: "/images/logo.svg",
    favicon: DEFAULT_FAVICON,
    hero_image: "/images/hero.svg",
    app_screenshot: "/images/app-screenshot.svg",
    // No store or social profile exists for a fresh install: links stay empty until an admin sets real ones.
    app_store_link: null,
    play_store_link: null,
    facebook_link: null,
    twitter_link: null,
    instagram_link: null,
    linkedin_link: null,
    pinterest_link: null,
    about_title: `About ${siteName}`,
    about_content: `${siteName} teaches the phrases you actually need: greetings, ordering food, asking the way, making friends. Every phrase is recorded by a native speaker and grouped into short lessons you can finish on a coffee break.`,
    who_we_are_title: "Who We Are",
    who_we_are_content:
      "We are language teachers and travelers who got tired of textbooks that teach you to describe a pencil case. We build lessons around real situations and the words people really say in them.",
    how_it_works_title: "How It Works",
    how_it_works_content:
      "Pick a language and a level, open a lesson and listen. Tap a phrase to see its translation, replay it as often as you like, and save your favorites. The app adds offline lessons and progress tracking with personalized recommendations.",
    banner_bg_color: "#F5F3FF",
    banner_text_color: "#333333",
    banner_cta_text: "Download the App",
    banner_cta_color: "#FFFFFF",
    banner_cta_bg_color: "#e16b3c",
    banner_show_logo: true,
    banner_title: `Learn languages the practical way with ${siteName}`,
    banner_description: "Everyday phrases with native-speaker audio. Learn offline, anywhere.",
    banner_size: "medium",
  };
}

import { normalizeBannerSize, type bannerSizes, type SettingsField } from "#common/settings.ts";
import type { ToastMessage } from "#common/toast.ts";
import { z } from "#common/zod.ts";

/** The Settings screen's tabs (SPEC §2), in the tab bar's order; `?tab=` names one, default "app". */
export const settingsTabs = [
  { value: "admin", label: "Admin Access" },
  { value: "app", label: "App Links" },
  { value: "content", label: "Content" },
  { value: "branding", label: "Branding" },
  { value: "social", label: "Social" },
  { value: "embed", label: "Embed" },
] as const;
export type SettingsTab = (typeof settingsTabs)[number]["value"];
export const DEFAULT_SETTINGS_TAB: SettingsTab = "app";

export function settingsTabOf(value: string | null): SettingsTab {
  return settingsTabs.some((t) => t.value === value) ? (value as SettingsTab) : DEFAULT_SETTINGS_TAB;
}

export const URL_MAX = 2048;
export const TEXT_MAX = 5000;
export const TITLE_MAX = 200;
export const COLOR_MAX = 64;

export const linkError = "Please enter a valid URL starting with http:// or https://";

/**
 * A link a visitor may follow or an image the site shows: only http(s), so a `javascript:` or `data:` address can
 * never be stored. Empty means "not configured" (null). A site path ("/images/x.png", our own storage) is allowed for
 * images only.
 */
function optionalUrl({ allowPath }: { allowPath: boolean }) {
  return z
    .string()
    .trim()
    .max(URL_MAX, linkError)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      if (allowPath && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return value;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: "custom", message: linkError });
        return z.NEVER;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: linkError });
        return z.NEVER;
      }
      return value;
    });
}

export const linkField = () => optionalUrl({ allowPath: false });
export const imageField = () => optionalUrl({ allowPath: true });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => v || null);

export const appSettingsSchema = z.object({
  app_store_link: linkField(),
  play_store_link: linkField(),
});

// The images are not part of these forms: an upload saves its URL at once (set-image), whatever the form holds.
export const contentSettingsSchema = z.object({
  about_title: optionalText(TITLE_MAX),
  about_content: optionalText(TEXT_MAX),
  who_we_are_title: optionalText(TITLE_MAX),
  who_we_are_content: optionalText(TEXT_MAX),
  how_it_works_title: optionalText(TITLE_MAX),
  how_it_works_content: optionalText(TEXT_MAX),
});

export const socialSettingsSchema = z.object({
  facebook_link: linkField(),
  twitter_link: linkField(),
  instagram_link: linkField(),
  linkedin_link: linkField(),
  pinterest_link: linkField(),
});

/**
 * Colour fields are free text (SPEC §5): a name, #hex, rgb()/hsl() and the like. Only characters a colour can hold are
 * accepted, so a value can never close the declaration it is put in (";", "{", quotes) or fetch anything (url()).
 */
const colorPattern = /^(?:#[0-9a-f]{3,8}|[a-z]+|(?:rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\([0-9a-z.,%\s/+-]*\))$/i;
export const colorError = "Please enter a color such as #F5F3FF, rgb(245, 243, 255) or a color name";
export function isSafeColor(value: string | null | undefined): value is string {
  return typeof value === "string" && colorPattern.test(value.trim()) && !/url|var|expression/i.test(value);
}
const colorField = () =>
  optionalText(COLOR_MAX).refine((v) => v === null || isSafeColor(v), colorError);

export const bannerSettingsSchema = z.object({
  banner_title: optionalText(TITLE_MAX),
  banner_description: optionalText(1000),
  banner_cta_text: optionalText(100),
  // Any other value becomes medium (SPEC §5), here as on read.
  banner_size: z
    .string()
    .optional()
    .transform((v) => normalizeBannerSize(v)),
  // A checkbox: present when ticked.
  banner_show_logo: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
  banner_bg_color: colorField(),
  banner_text_color: colorField(),
  banner_cta_color: colorField(),
  banner_cta_bg_color: colorField(),
});

/** Image fields an upload saves at once (SPEC §7: "after an image upload the new URL is saved immediately"). */
export const imageSettingFields = ["app_screenshot", "hero_image", "logo", "favicon"] as const satisfies SettingsField[];
export type ImageSettingField = (typeof imageSettingFields)[number];

export const setImageSchema = z.object({
  field: z.enum(imageSettingFields),
  url: imageField().refine((v) => v !== null, linkError),
});

export const settingsText = {
  appSaved: { type: "success", title: "App settings updated successfully" },
  appFailed: { type: "error", title: "Failed to update app settings" },
  contentSaved: { type: "success", title: "Content settings updated successfully" },
  contentFailed: { type: "error", title: "Failed to update content settings" },
  socialSaved: { type: "success", title: "Social links updated successfully" },
  socialFailed: { type: "error", title: "Failed to update social links" },
  bannerSaved: { type: "success", title: "Banner embed settings updated successfully" },
  bannerFailed: { type: "error", title: "Failed to update banner settings" },
  screenshotUploaded: { type: "success", title: "App screenshot uploaded successfully" },
  screenshotFailed: { type: "error", title: "Failed to upload app screenshot" },
  heroUploaded: { type: "success", title: "Hero image uploaded successfully" },
  heroFailed: { type: "error", title: "Failed to upload hero image" },
  logoUploaded: { type: "success", title: "Logo uploaded successfully" },
  logoFailed: { type: "error", title: "Failed to upload logo" },
  faviconUploaded: { type: "success", title: "Favicon uploaded successfully. Reloading page to apply changes..." },
  faviconFailed: { type: "error", title: "Failed to upload favicon" },
  faviconSet: { type: "success", title: "Favicon set successfully. Reloading page to apply changes..." },
  faviconSetFailed: { type: "error", title: "Failed to set favicon" },
  loadFailed: { type: "error", title: "Failed to load settings" },
  copied: { type: "success", title: "Embed code copied to clipboard" },
} as const satisfies Record<string, ToastMessage>;

export const imageToasts: Record<ImageSettingField, { ok: ToastMessage; failed: ToastMessage }> = {
  app_screenshot: { ok: settingsText.screenshotUploaded, failed: settingsText.screenshotFailed },
  hero_image: { ok: settingsText.heroUploaded, failed: settingsText.heroFailed },
  logo: { ok: settingsText.logoUploaded, failed: settingsText.logoFailed },
  favicon: { ok: settingsText.faviconUploaded, failed: settingsText.faviconFailed },
};

/** SPEC §9: copy confirmation 2 s, page reload after a favicon change 1.5 s. */
export const COPY_CONFIRM_MS = 2000;
export const FAVICON_RELOAD_MS = 1500;

/** SPEC §9's size styles, shared by the live preview and /embed/banner.js (which repeats them: it has no imports). */
export const bannerSizeStyles = {
  small: { title: 16, description: 13, logo: 30 },
  medium: { title: 20, description: 14, logo: 40 },
  large: { title: 24, description: 16, logo: 50 },
} as const satisfies Record<(typeof bannerSizes)[number], { title: number; description: number; logo: number }>;
export const BANNER_VERTICAL_MAX_WIDTH = 300;
export const BANNER_PADDING = 20;

/** The two-line snippet other sites paste (SPEC §2): a container and our own script, carrying the site id. */
export function embedSnippet(origin: string) {
  return `<div id="phrasewise-banner" data-phrasewise-banner></div>\n<script async src="${origin}/embed/banner.js" data-site-id="site_settings"></script>`;
}

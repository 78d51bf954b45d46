import { z } from "zod";
import { bannerSizes, SETTINGS_ID, type SiteSettings } from "#common/settings.ts";
import { rateLimitedText, supportResultText } from "#common/support-form.ts";
import { supportSchema } from "#common/support-schema.ts";
import { supportDeps, submitSupportMessage } from "#server/support/support.server.ts";
import { endpoint } from "#server/api/endpoint.server.ts";
import { ApiProblem } from "#server/api/problem.server.ts";

/**
 * SPEC §7's server functions an app calls: the site settings (what /api/settings answers, which stays as it is) and
 * the support message (`send-support-email`: the same checks, the same per-address limit as the /support form, the
 * message stored before the mail is tried).
 */

const tag = "Site";
const text = z.string().nullable();

const siteSettingsSchema = z
  .object({
    id: z.literal(SETTINGS_ID),
    logo: text,
    favicon: text,
    hero_image: text,
    app_screenshot: text,
    app_store_link: text,
    play_store_link: text,
    facebook_link: text,
    twitter_link: text,
    instagram_link: text,
    linkedin_link: text,
    pinterest_link: text,
    about_title: text,
    about_content: text,
    who_we_are_title: text,
    who_we_are_content: text,
    how_it_works_title: text,
    how_it_works_content: text,
    banner_bg_color: text,
    banner_text_color: text,
    banner_cta_text: text,
    banner_cta_color: text,
    banner_cta_bg_color: text,
    banner_show_logo: z.boolean(),
    banner_title: text,
    banner_description: text,
    banner_size: z.enum(bannerSizes),
  })
  .meta({ id: "SiteSettings", description: "The site's branding, store links, social links, About texts and promo banner." }) satisfies z.ZodType<SiteSettings>;

export const settingsEndpoint = endpoint({
  method: "get",
  path: "/settings",
  operationId: "getSettings",
  summary: "Site settings",
  description: "The settings an admin keeps in Settings: logos, store and social links, the About texts, the banner.",
  tag,
  access: "public",
  conditional: true,
  response: { status: 200, description: "The site settings.", schema: siteSettingsSchema },
  async handler({ runtime }) {
    return { body: await runtime.settings.get() };
  },
});

export const supportEndpoint = endpoint({
  method: "post",
  path: "/support",
  operationId: "sendSupportMessage",
  summary: "Message the support team",
  description:
    "Stores the message, then mails it to the support address with Reply-To set to the sender. At most 5 messages per " +
    "client address in 10 minutes (429, shared with the website's form). When the mail fails the message is kept and " +
    "sent again later, and the answer is 502.",
  tag,
  access: "public",
  body: supportSchema,
  bodyLimit: 16 * 1024,
  response: { status: 201, description: supportResultText.sent, schema: z.object({ id: z.string(), message: z.string() }) },
  problems: [429, 502],
  async handler({ runtime, body, clientIp }) {
    const result = await submitSupportMessage(supportDeps(runtime), body, clientIp);
    switch (result.status) {
      case "sent":
        return { body: { id: result.id, message: supportResultText.sent } };
      case "rate-limited":
        throw new ApiProblem(429, rateLimitedText(result.retryAfterSeconds), { retryAfter: result.retryAfterSeconds });
      case "mail-failed":
        throw new ApiProblem(502, supportResultText.mailFailed);
      case "invalid":
        // The router checked the body with the same schema; kept for completeness.
        throw new ApiProblem(422, "The request body is not valid.");
    }
  },
});

export const siteEndpoints = [settingsEndpoint, supportEndpoint];

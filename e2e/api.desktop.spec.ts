import { expect, test } from "#e2e/support/fixtures.ts";

test("GET /api/settings returns every settings field as JSON, readable from other origins", async ({ request }) => {
  const response = await request.get("/api/settings", { headers: { Origin: "https://partner.example" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["access-control-allow-origin"]).toBe("*");
  const body = await response.json();
  expect(body.id).toBe("site_settings");
  expect(Object.keys(body).sort()).toEqual(
    [
      "id", "logo", "favicon", "hero_image", "app_screenshot", "app_store_link", "play_store_link", "facebook_link",
      "twitter_link", "instagram_link", "linkedin_link", "pinterest_link", "about_title", "about_content",
      "who_we_are_title", "who_we_are_content", "how_it_works_title", "how_it_works_content", "banner_bg_color",
      "banner_text_color", "banner_cta_text", "banner_cta_color", "banner_cta_bg_color", "banner_show_logo",
      "banner_title", "banner_description", "banner_size",
    ].sort(),
  );
  expect(body.banner_size).toBe("medium");
});

test("a CORS preflight to /api/settings is answered", async ({ request }) => {
  const response = await request.fetch("/api/settings", { method: "OPTIONS", headers: { Origin: "https://partner.example" } });
  expect(response.status()).toBe(204);
  expect(response.headers()["access-control-allow-methods"]).toContain("GET");
});

import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import bannerSource from "#app/embed/banner.js?raw";
import { DEFAULT_FAVICON, defaultSettings, normalizeBannerSize } from "#common/settings.ts";
import { appSettingsSchema, bannerSettingsSchema, colorError, linkError, settingsText, socialSettingsSchema } from "#common/settings-forms.ts";
import { readOrCreateSettings } from "#server/settings/settings.server.ts";
import { readSettingsForAdmin, updateSettings } from "#server/settings/settings-admin.server.ts";
import { form, startTestSite, type TestSite } from "#tests/support/app-server.ts";
import { tinyPng, fileUpload } from "#tests/support/files.ts";
import { flashTitles, signedInAdminAndLearner, storedFiles } from "#tests/support/site-fixtures.ts";
import { changeRecorder, cliAuthor } from "#server/admin/change-log.server.ts";

/** The Settings tab's rules (SPEC §3, §5, §9) in the service and over HTTP, and the embeddable banner script. */

describe("settings form rules", () => {
  it("takes only http(s) links; empty means not configured", () => {
    for (const bad of ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "data:text/html,x", "ftp://x.example", "/download", "//evil.example", "not a url"]) {
      const result = appSettingsSchema.safeParse({ app_store_link: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(linkError);
    }
    expect(appSettingsSchema.parse({ app_store_link: " https://apps.apple.com/app/id1 ", play_store_link: "" })).toEqual({
      app_store_link: "https://apps.apple.com/app/id1",
      play_store_link: null,
    });
    expect(socialSettingsSchema.parse({ facebook_link: "http://facebook.com/x" }).facebook_link).toBe("http://facebook.com/x");
  });

  it("turns a size other than small, medium or large into medium", () => {
    for (const size of ["small", "medium", "large"]) expect(bannerSettingsSchema.parse({ banner_size: size }).banner_size).toBe(size);
    for (const size of ["huge", "", "MEDIUM", undefined]) expect(bannerSettingsSchema.parse({ banner_size: size }).banner_size).toBe("medium");
    expect(normalizeBannerSize(42)).toBe("medium");
  });

  it("takes free-text colours, but nothing that could leave the CSS value", () => {
    for (const ok of ["#F5F3FF", "#fff", "red", "transparent", "rgb(245, 243, 255)", "hsl(20 80% 50% / 0.5)", ""]) {
      expect(bannerSettingsSchema.safeParse({ banner_bg_color: ok }).success, ok).toBe(true);
    }
    for (const bad of ["#fff;background:url(x)", "red}body{display:none", "url(https://evil.example/x.png)", 'red" onload="x', "var(--x)", "expression(alert(1))"]) {
      const result = bannerSettingsSchema.safeParse({ banner_cta_bg_color: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(colorError);
    }
  });

  it("has the §9 banner defaults", () => {
    const d = defaultSettings("Phrasewise");
    expect(d).toMatchObject({
      banner_bg_color: "#F5F3FF",
      banner_text_color: "#333333",
      banner_cta_color: "#FFFFFF",
      banner_cta_bg_color: "#e16b3c",
      banner_show_logo: true,
      banner_size: "medium",
    });
    expect(d.banner_title).toContain("Phrasewise");
    expect(d.banner_cta_text).toBeTruthy();
    expect(d.banner_description).toBeTruthy();
  });
});

describe("settings over HTTP", () => {
  let site: TestSite;
  let admin = "";
  let learner = "";

  beforeAll(async () => {
    site = await startTestSite({ trustProxy: true });
    ({ admin, learner } = await signedInAdminAndLearner(site));
  }, 120_000);

  afterAll(() => site?.close());

  const post = (values: Record<string, string>, cookie = admin) => site.request("/admin/settings?tab=app", { ...form(values), cookie });

  it("reads the defaults on a fresh site, and normalizes a stored size that is not valid", async () => {
    const settings = await readSettingsForAdmin(site.runtime);
    expect(settings.banner_size).toBe("medium");
    const saved = await updateSettings(site.runtime, { banner_size: "gigantic" as never }, changeRecorder(site.runtime.env, cliAuthor));
    expect(saved.banner_size).toBe("medium");
    expect((await readOrCreateSettings(site.runtime.database.db, "x")).banner_size).toBe("medium");
  });

  it("refuses a javascript: link with the field's error and the spec's toast, and keeps the stored link", async () => {
    await updateSettings(site.runtime, { app_store_link: "https://apps.apple.com/app/id7" }, changeRecorder(site.runtime.env, cliAuthor));
    const response = await post({ intent: "save-app", app_store_link: "javascript:alert(document.cookie)", play_store_link: "" });
    expect(response.status).toBe(400);
    expect(flashTitles(response)).toEqual([settingsText.appFailed.title]);
    expect((await readSettingsForAdmin(site.runtime)).app_store_link).toBe("https://apps.apple.com/app/id7");
  });

  it("saves a change, re-reads the record, and the public pages show it at once", async () => {
    await site.request("/download"); // warm the page cache
    const link = "https://play.google.com/store/apps/details?id=example.fresh";
    const response = await post({ intent: "save-app", app_store_link: "", play_store_link: link });
    expect(response.status).toBe(200);
    expect(flashTitles(response)).toEqual([settingsText.appSaved.title]);
    const stored = await readSettingsForAdmin(site.runtime);
    expect(stored.play_store_link).toBe(link);
    expect(stored.app_store_link).toBeNull();
    expect(await (await site.request("/download")).text()).toContain(link.replaceAll("&", "&amp;"));
    expect(((await (await site.request("/api/settings")).json()) as { play_store_link: string }).play_store_link).toBe(link);
  });

  it("saves the banner, a bad size as medium, and refuses a learner without changing anything", async () => {
    const refused = await post({ intent: "save-banner", banner_title: "Hijacked", banner_size: "small" }, learner);
    expect(refused.status).toBe(302);
    expect((await readSettingsForAdmin(site.runtime)).banner_title).not.toBe("Hijacked");
    const response = await post({ intent: "save-banner", banner_title: "<b>Learn</b>", banner_size: "enormous", banner_show_logo: "on", banner_bg_color: "#000" });
    expect(response.status).toBe(200);
    expect(flashTitles(response)).toEqual([settingsText.bannerSaved.title]);
    expect(await readSettingsForAdmin(site.runtime)).toMatchObject({ banner_title: "<b>Learn</b>", banner_size: "medium", banner_show_logo: true, banner_bg_color: "#000" });
  });

  it("saves an uploaded image's URL, removes the file it replaced, and sets the default favicon", async () => {
    const upload = async () => {
      const r = await site.request("/admin/uploads/favicon", { ...fileUpload(tinyPng, "f.png", "image/png"), cookie: admin });
      return ((await r.json()) as { url: string }).url;
    };
    const first = await upload();
    expect((await post({ intent: "set-image", field: "favicon", url: first })).status).toBe(200);
    const second = await upload();
    const response = await post({ intent: "set-image", field: "favicon", url: second });
    expect(flashTitles(response)).toEqual([settingsText.faviconUploaded.title]);
    const files = storedFiles(site).join("\n");
    expect(files).toContain(second.split("/").pop());
    expect(files).not.toContain(first.split("/").pop());
    const reset = await post({ intent: "default-favicon" });
    expect(flashTitles(reset)).toEqual([settingsText.faviconSet.title]);
    expect((await readSettingsForAdmin(site.runtime)).favicon).toBe(DEFAULT_FAVICON);
    expect(storedFiles(site).join("\n")).not.toContain(second.split("/").pop());
  });

  it("refuses an image URL that is not http(s) or a site path", async () => {
    const response = await post({ intent: "set-image", field: "logo", url: "javascript:alert(1)" });
    expect(response.status).toBe(400);
    expect(flashTitles(response)).toEqual([settingsText.logoFailed.title]);
  });

  it("serves /embed/banner.js to any origin, cached briefly", async () => {
    const response = await site.request("/embed/banner.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.text()).toBe(bannerSource);
  });
});

describe("/embed/banner.js", () => {
  it("stays under 8 KB gzip", () => {
    expect(gzipSync(bannerSource).length).toBeLessThan(8 * 1024);
  });

  it("sets text as text: no HTML parsing API anywhere in it", () => {
    for (const api of ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "createContextualFragment", "DOMParser", "eval(", "new Function"]) {
      expect(bannerSource, api).not.toContain(api);
    }
    expect(bannerSource).toContain("textContent");
  });

  it("runs without throwing when there is no DOM support or no settings", () => {
    // Executed as a host page would, in a bare context: it must return quietly.
    expect(() => new Function("document", "fetch", "Element", "URL", bannerSource)({ currentScript: null }, undefined, function () {}, URL)).not.toThrow();
  });
});

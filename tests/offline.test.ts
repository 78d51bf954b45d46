import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_APP_ICONS } from "#common/web-manifest.ts";
import { startTestSite, type TestSite } from "#tests/support/app-server.ts";

/**
 * Installability and the service worker's script over HTTP against the real site (docs/decisions/014-offline.md):
 * the web app manifest from the settings, the page's link to it and its worker-src, and /sw.js's own headers in
 * both its plain and compressed forms.
 */

let site: TestSite;
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-client-"));
beforeAll(async () => {
  const worker = "self.addEventListener('fetch', () => {});".repeat(60);
  fs.writeFileSync(path.join(clientDir, "sw.js"), worker);
  fs.writeFileSync(path.join(clientDir, "sw.js.br"), zlib.brotliCompressSync(worker));
  fs.writeFileSync(path.join(clientDir, "other.js"), worker);
  site = await startTestSite({ clientDir });
}, 180_000);
afterAll(async () => {
  await site?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("the web app manifest", () => {
  it("names the site, starts at / in its own window, and has the default icons when no icon is set", async () => {
    const response = await site.request("/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: site.runtime.env.SITE_NAME, short_name: site.runtime.env.SITE_NAME, start_url: "/", scope: "/", display: "standalone" });
    expect(manifest["icons"]).toEqual(DEFAULT_APP_ICONS);
    for (const icon of DEFAULT_APP_ICONS) expect(fs.existsSync(path.join("public", icon.src)), icon.src).toBe(true);
  });

  it("puts the branding's icon first once an admin sets one, keeping the defaults for installation", async () => {
    await site.runtime.settings.save({ favicon: "/storage/assets/settings/favicon_1.png" });
    try {
      const manifest = (await (await site.request("/manifest.webmanifest")).json()) as { icons: { src: string; type?: string; sizes: string }[] };
      expect(manifest.icons[0]).toMatchObject({ src: "/storage/assets/settings/favicon_1.png", type: "image/png", sizes: "any" });
      expect(manifest.icons.slice(1)).toEqual(DEFAULT_APP_ICONS);
    } finally {
      await site.runtime.settings.save({ favicon: null });
    }
  });

  it("is linked from every page, whose policy lets the site's own worker register", async () => {
    const response = await site.request("/languages");
    expect(await response.text()).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(response.headers.get("content-security-policy")).toContain("worker-src 'self'");
  });
});

describe("/sw.js", () => {
  it("is revalidated on every visit and may fetch the site, plain or compressed", async () => {
    for (const encoding of ["identity", "br"]) {
      const response = await site.request("/sw.js", { headers: { "accept-encoding": encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'self'; object-src 'none'; base-uri 'none'$/);
    }
  });

  it("is the only file with that policy: the others keep the files' sandbox", async () => {
    const response = await site.request("/other.js");
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*sandbox$/);
    expect(response.headers.get("cache-control")).not.toBe("no-cache");
  });
});

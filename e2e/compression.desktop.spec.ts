import { expect, test } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

test.use({ baseURL: servers.bare.url });

/**
 * What a browser receives, with its own Accept-Encoding: the page from the cache's stored brotli variant, and the
 * scripts as the build's precompressed files.
 */
test("a browser gets the page and its scripts brotli-compressed, the page from the cache on a second visit", async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined }[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/assets/") && response.url().endsWith(".js")) {
      scripts.push({ url: response.url(), encoding: response.headers()["content-encoding"] });
    }
  });
  const first = await page.goto("/languages");
  expect(first!.headers()["content-encoding"]).toBe("br");
  const second = await page.goto("/languages?again");
  await page.goto("/languages?again");
  const third = await page.reload();
  expect([second!.headers()["content-encoding"], third!.status()]).toEqual(["br", 200]);
  expect(third!.headers()["x-cache"]).toBe("HIT");
  expect(third!.headers()["etag"]).toMatch(/-br"$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Every script came precompressed, except those too small to be worth it (the build skips files under 1 KB).
  expect(scripts.some((script) => script.encoding === "br")).toBe(true);
  for (const script of scripts.filter((s) => s.encoding !== "br")) {
    const plain = await page.request.get(script.url, { headers: { "accept-encoding": "identity" } });
    expect((await plain.body()).length, script.url).toBeLessThan(1024);
  }
});

/**
 * Files from public/ go out as the build's precompressed twins too (compressing each request again is what made the
 * server's memory grow), with their revalidation headers; a name that is no file of the build, or a twin asked for
 * by its own name, is the site's 404 page.
 */
test("public files are sent precompressed; names that are no file of the build reach the site", async ({ request }) => {
  const logo = await request.get("/images/logo.svg", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
  expect([logo.status(), logo.headers()["content-encoding"], logo.headers()["cache-control"]]).toEqual([200, "br", "public, max-age=3600"]);
  expect(logo.headers()["content-type"]).toContain("image/svg+xml");
  expect(logo.headers()["content-security-policy"]).toContain("sandbox");
  expect(await logo.text()).toContain("<svg");

  const gzip = await request.get("/images/logo.svg", { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  const plain = await request.get("/images/logo.svg", { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(await plain.text()).toBe(await logo.text());

  for (const path of ["/images/no-such-file.svg", "/images/logo.svg.br", "/assets/no-such-chunk.js"]) {
    const missing = await request.get(path);
    expect(missing.status(), path).toBe(404);
  }
});

import { anyWidth, expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";

test("an unknown path shows the 404 page with status 404 and a link home", anyWidth, async ({ page }) => {
  const response = await page.goto("/this/page/does/not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn Languages The Practical Way");
});

test("cookie consent: 'Accept all' is remembered as all", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Accept all" }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cookie_consent_level"))).toBe("all");
  expect(await page.evaluate(() => JSON.stringify(window.dataLayer))).toContain('"analytics_storage":"granted"');
  await page.reload();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
});

test("cookie consent: 'Essential only' is remembered as essential and denies analytics and ads", anyWidth, async ({ page }) => {
  await page.goto("/");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Essential only" }).click();
  expect(await page.evaluate(() => localStorage.getItem("cookie_consent_level"))).toBe("essential");
  const layer = await page.evaluate(() => JSON.stringify(window.dataLayer));
  expect(layer).toContain('"analytics_storage":"denied"');
  expect(layer).toContain('"ad_storage":"denied"');
  await page.goto("/this-does-not-exist");
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
});

test("a navigation scrolls to the top of the new page", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the home page has no accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expectNoAxeViolations(page);
});

test("the locked-content and 404 pages have no accessibility violations", async ({ page }) => {
  await page.goto("/locked-content?type=lesson&id=asking-directions&languageId=spanish&levelId=a1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asking for Directions");
  await expectNoAxeViolations(page);
  const response = await page.goto("/no/such/page/here");
  expect(response?.status()).toBe(404);
  await expectNoAxeViolations(page);
});

test("the page's scripts are fetched only after its first contentful paint, and it then hydrates", async ({ page }) => {
  const html = await (await page.request.get("/spanish/a1")).text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).toContain('<link rel="x-deferred-modulepreload"');
  // The module script carries the page's CSP nonce before its type.
  expect(html).not.toMatch(/<script[^>]* type="module"/);
  expect(html).toMatch(/<script nonce="[^"]+" type="x-deferred-module"/);
  await page.goto("/spanish/a1");
  const timing = await page.evaluate(() => ({
    contentfulPaintAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime })),
    preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
    deferred: document.querySelectorAll('link[rel^="x-deferred"], script[type^="x-deferred"]').length,
  }));
  expect(timing.contentfulPaintAt).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(5);
  for (const script of timing.scripts) expect(script.startTime, script.name).toBeGreaterThan(timing.contentfulPaintAt);
  expect(timing.preloads).toBeGreaterThan(5);
  expect(timing.deferred).toBe(0);
});

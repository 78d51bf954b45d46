import type { BrowserContext } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { adminAreaFixture, servers } from "#e2e/support/servers.ts";

/**
 * The catalogue tabs at 390 px: each tab and its add dialog fit the screen (no sideways page scroll; wide tables
 * scroll inside their own box), pass axe, and are photographed. It writes nothing, so it cannot disturb the desktop
 * spec's empty states on the same server.
 */

test.use({ baseURL: servers.catalog.url });
test.describe.configure({ timeout: 90_000 });

let sessionCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

test.beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: servers.catalog.url });
  const response = await api.post("/auth", {
    form: { intent: "sign-in", email: adminAreaFixture.admin.email, password: adminAreaFixture.admin.password },
    headers: { origin: servers.catalog.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  sessionCookies = (await api.storageState()).cookies.filter((c) => !c.name.includes("flash"));
  await api.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(sessionCookies);
  await context.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

for (const [path, button, dialogName, name] of [
  ["/admin/languages", "Add Language", "Add Language", "languages"],
  ["/admin/levels", "Add Level", "Add New Level", "levels"],
  ["/admin/lessons", "Add New Lesson", "Add New Lesson", "lessons"],
] as const) {
  test(`${path} fits a phone, and so does its add dialog when it can open`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
    const add = page.getByRole("button", { name: button });
    if (await add.isDisabled()) return;
    await add.click();
    const dialog = page.getByRole("dialog", { name: dialogName });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-dialog-390.png`) });
  });
}

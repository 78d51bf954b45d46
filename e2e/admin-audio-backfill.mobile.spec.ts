import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { backfillAdminSession, backfillServer } from "#e2e/support/backfill.ts";

/**
 * Phrases without audio at 390 px. The desktop spec generates on the same server meanwhile, so this one only looks:
 * the list (at least the group with nothing to speak stays in it) and the run's controls fit and pass axe.
 */

test.use({ baseURL: backfillServer });
test.describe.configure({ timeout: 90_000 });

test("the list and its controls at 390 px", async ({ page, browser, context }, testInfo) => {
  await context.addCookies((await backfillAdminSession(browser)).cookies);
  await page.goto("/admin/phrases/without-audio");
  await expect(page.getByRole("heading", { name: "Phrases without audio", level: 1 })).toBeVisible();
  await expect(page.getByTestId("backfill-count")).toHaveText(/audio groups? \(\d+ phrases?\) without audio/);
  await expect(page.locator("[data-backfill-group]").last()).toContainText("Silence");
  await expect(page.getByRole("button", { name: "Generate audio for all" })).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("without-audio-390.png"), fullPage: true });
  await expectNoAxeViolations(page);
});

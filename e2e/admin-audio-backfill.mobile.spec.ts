import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { backfillServer } from "#e2e/support/backfill.ts";
import { recordMedia } from "#e2e/support/phrases-admin.ts";

/**
 * Phrases without audio at 390 px. The desktop spec generates on the same server meanwhile, so this one only looks:
 * the list (at least the group with nothing to speak stays in it) and the run's controls fit and pass axe.
 */

test.use({ baseURL: backfillServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 90_000 });

test("the list and its controls at 390 px", async ({ page }, testInfo) => {
  // (Also answers the cookie notice, which would cover the public page's screenshot.)
  await recordMedia(page);
  await page.goto("/admin/phrases/without-audio");
  await expect(page.getByRole("heading", { name: "Phrases without audio", level: 1 })).toBeVisible();
  await expect(page.getByTestId("backfill-count")).toHaveText(/audio groups? \(\d+ phrases?\) without audio/);
  await expect(page.locator("[data-backfill-group]").last()).toContainText("Silence");
  await expect(page.getByRole("button", { name: "Generate audio for all" })).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("without-audio-390.png"), fullPage: true });
  await expectNoAxeViolations(page);

  // The public page of a group that has no audio (the one with nothing to speak keeps none): phrases, no player.
  await page.goto("/spanish/a2/silence");
  await expect(page.getByRole("button", { name: "Audio not available yet" })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // (No axe here: this fixture's only phrase is blank on purpose, so its toggle has no name; the desktop spec runs
  // axe on a lesson without audio whose phrases have text.)
  await page.screenshot({ path: testInfo.outputPath("lesson-without-audio-390.png"), fullPage: true });
});

import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { group, openLesson, phrasesServer, playing, recordMedia } from "#e2e/support/phrases-admin.ts";

/** The Phrases tab at 390 px: the accordions, a group's controls and the dialog fit, work by touch and pass axe. */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await recordMedia(page);
});

test("accordions, playback and the edit dialog at 390 px", async ({ page }, testInfo) => {
  await page.goto("/admin/phrases");
  await openLesson(page, "French", "Beginner", "Basics");
  const card = group(page, "Audio Group 1 (2 phrases)");
  await expect(card).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("phrases-390.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await card.getByRole("button", { name: "Play Audio Group 1 (2 phrases)" }).tap();
  await expect.poll(async () => (await playing(page)).length).toBe(1);
  await card.getByRole("button", { name: "0.8x" }).tap();
  await expect.poll(async () => (await playing(page))[0]?.rate).toBe(0.8);
  await card.getByRole("button", { name: "Pause Audio Group 1 (2 phrases)" }).tap();
  await card.getByRole("button", { name: "Bonjour" }).tap();
  await expect(card.getByText("Hello", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: /^Edit/ }).tap();
  const dialog = page.getByRole("dialog", { name: "Edit Phrases" });
  await expect(dialog.getByLabel("Language")).toHaveValue("french");
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(box!.height).toBeLessThanOrEqual(844 * 0.9 + 1);
  await expect(dialog.getByRole("button", { name: "Update Phrases" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("phrases-dialog-390.png") });
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Close" }).tap();
  await expect(dialog).toHaveCount(0);
});

test("the text search at 390 px", async ({ page }, testInfo) => {
  await page.goto("/admin/phrases?q=bonjour");
  const hit = page.locator("[data-search-hit]").filter({ hasText: "Bonjour" });
  await expect(hit).toContainText("French › Beginner (A1) › Basics");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("phrases-search-390.png"), fullPage: true });
});

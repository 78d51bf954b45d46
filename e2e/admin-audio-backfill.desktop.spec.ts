import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { backfillServer, progressValue, runProgress } from "#e2e/support/backfill.ts";
import { playing, recordMedia } from "#e2e/support/phrases-admin.ts";

/**
 * Phrases without audio (issue 10, point 6's extra) on the backfill server: eight audio-less groups and one with
 * nothing to speak. One journey: the list, a run that is stopped, one that is left mid-way, the resumed run to the
 * end with its one listed failure, and the generated audio playing on the public lesson page.
 */

test.use({ baseURL: backfillServer, signedInAsAdmin: true });
// Speech for eight groups, axe and real playback on two shared cores.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await recordMedia(page);
  // Each step of the loop takes a little longer than on an idle machine, so stopping and leaving land mid-run.
  await page.route("**/admin/audio-backfill", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
});

const countText = (page: Page) => page.getByTestId("backfill-count");
const remaining = async (page: Page) => Number(/^(\d+)/.exec((await countText(page).textContent()) ?? "")?.[1] ?? "0");

test("list, stop, leave mid-way, resume to the end; the new audio plays on the lesson page", async ({ page }, testInfo) => {
  // The public page of an audio-less group shows its phrases and a player that cannot play yet.
  await page.goto("/spanish/a1/numbers");
  await expect(page.getByText("Uno", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Audio not available yet" })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath("lesson-without-audio-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await page.goto("/admin/phrases");
  await page.getByRole("link", { name: "Phrases without audio" }).click();
  await expect(page).toHaveURL(/\/admin\/phrases\/without-audio$/);
  await expect(page.getByRole("heading", { name: "Phrases without audio", level: 1 })).toBeVisible();
  await expect(countText(page)).toHaveText("9 audio groups (11 phrases) without audio");
  const groups = page.locator("[data-backfill-group]");
  await expect(groups).toHaveCount(9);
  await expect(groups.first()).toContainText("French");
  await expect(groups.first()).toContainText("Basics");
  await expect(groups.first()).toContainText("(2 phrases)");
  await expect(groups.first()).toContainText("Bonjour");
  await page.screenshot({ path: testInfo.outputPath("without-audio-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);

  // A run, stopped after its first group: the progress says so, and the button resumes.
  await page.getByRole("button", { name: "Generate audio for all" }).click();
  await expect(runProgress(page)).toHaveAttribute("aria-valuemax", "9");
  await expect(page.getByTestId("backfill-current")).toContainText("French › Beginner (A1) › Basics");
  await expect.poll(() => progressValue(page)).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: testInfo.outputPath("without-audio-running-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(page.getByText("Stopped. What is left is listed below; resume at any time.")).toBeVisible();
  const afterStop = await progressValue(page);
  expect(afterStop).toBeGreaterThanOrEqual(1);
  await expect(runProgress(page)).toHaveAttribute("aria-valuetext", `${afterStop} of 9`);
  await expect.poll(() => remaining(page)).toBe(9 - afterStop);

  // Resumed, then left while it runs: coming back shows only what is still without audio.
  await page.getByRole("button", { name: "Resume generating" }).click();
  await expect.poll(() => progressValue(page)).toBeGreaterThanOrEqual(1);
  await page.getByRole("link", { name: "Manage Phrases" }).click();
  await expect(page.getByRole("heading", { name: "Manage Phrases", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Phrases without audio" }).click();
  const left = await remaining(page);
  expect(left).toBeLessThanOrEqual(9 - afterStop - 1);
  expect(left).toBeGreaterThan(0);
  await expect(groups).toHaveCount(left);
  await expect(page.getByRole("progressbar", { name: "Generating audio" })).toHaveCount(0);

  // To the end: every group but the one with nothing to speak, which is listed with a retry.
  await page.getByRole("button", { name: "Generate audio for all" }).click();
  await expect(page.getByText("Finished. 1 group could not be generated.")).toBeVisible({ timeout: 120_000 });
  // (The group in flight when the page was left may have been finished by the server after the list was read.)
  const total = Number(await runProgress(page).getAttribute("aria-valuemax"));
  expect(total).toBeGreaterThanOrEqual(left - 1);
  expect(total).toBeLessThanOrEqual(left);
  await expect(runProgress(page)).toHaveAttribute("aria-valuetext", `${total} of ${total}`);
  const failures = page.getByRole("list", { name: "Groups that failed" });
  await expect(failures.getByRole("listitem")).toHaveCount(1);
  await expect(failures).toContainText("Spanish › Elementary (A2) › Silence: These phrases have no original text to speak.");
  await expect(countText(page)).toHaveText("1 audio group (1 phrase) without audio");
  await expect(groups).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath("without-audio-done-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Retry failed groups" }).click();
  await expect(page.getByText("Finished. 1 group could not be generated.")).toBeVisible();
  await expect(runProgress(page)).toHaveAttribute("aria-valuetext", "1 of 1");
  await expect(failures.getByRole("listitem")).toHaveCount(1);

  // The generated speech plays on the public lesson page.
  await page.goto("/spanish/a1/numbers");
  const play = page.getByRole("button", { name: "Play audio" });
  await expect(play).toBeEnabled();
  await play.click();
  await expect.poll(async () => (await playing(page)).length).toBe(1);
  expect((await playing(page))[0]!.src).toMatch(/^\/storage\/content\/audio\/.+\.mp3$/);
  const media = await page.evaluate(() => {
    const element = (window as unknown as { __media: HTMLMediaElement[] }).__media[0]!;
    return { readyState: element.readyState, duration: element.duration };
  });
  expect(media.readyState).toBeGreaterThanOrEqual(1);
  expect(media.duration).toBeGreaterThan(0.2);
});

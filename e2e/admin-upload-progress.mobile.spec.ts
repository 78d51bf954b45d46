import { expect, test } from "#e2e/support/fixtures.ts";
import { backfillServer } from "#e2e/support/backfill.ts";
import { toneWav } from "#tests/support/mp3.ts";

/** The Phrases header's new link and the upload progress bar at 390 px. */

test.use({ baseURL: backfillServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 120_000 });

test("the Phrases header and an upload's progress fit a phone", async ({ page }, testInfo) => {
  await page.goto("/admin/phrases");
  await expect(page.getByRole("link", { name: "Phrases without audio" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("phrases-header-390.png") });

  await page.getByRole("button", { name: "Add Phrases" }).tap();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  await dialog.getByTestId("audio-file-input").setInputFiles({ name: "long.wav", mimeType: "audio/wav", buffer: Buffer.from(toneWav(40)) });
  const uploaded = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Audio file uploaded successfully" })
    .first()
    .waitFor({ state: "visible", timeout: 60_000 });
  const bar = dialog.getByRole("progressbar", { name: "Audio upload progress" });
  await expect.poll(async () => Number((await bar.getAttribute("aria-valuenow").catch(() => null)) ?? "0")).toBeGreaterThan(0);
  const box = await bar.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("upload-progress-390.png") });
  await uploaded;
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await dialog.getByRole("button", { name: "Close" }).tap();
  await expect(dialog).toHaveCount(0);
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "#e2e/support/fixtures.ts";
import { backfillServer } from "#e2e/support/backfill.ts";
import { expectToast, recordMedia } from "#e2e/support/phrases-admin.ts";
import { toneWav } from "#tests/support/mp3.ts";

/**
 * Upload progress (issue 10, point 5) and the files of a cancelled dialog, in the Add New Phrases dialog on the
 * backfill server. The network is slowed through the DevTools protocol so that the progress can be seen moving.
 */

test.use({ baseURL: backfillServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await recordMedia(page);
});

test("a large audio upload shows its progress, then the spec's toast; cancelling the dialog deletes the file", async ({ page }, testInfo) => {
  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await expect(dialog).toBeVisible();

  // About 3 MB of WAV, sent at 1 MB/s.
  const wav = toneWav(70);
  expect(wav.byteLength).toBeGreaterThan(3_000_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });

  await dialog.getByTestId("audio-file-input").setInputFiles({ name: "long.wav", mimeType: "audio/wav", buffer: Buffer.from(wav) });
  await expectToast(page, "Uploading audio file...");
  const bar = dialog.getByRole("progressbar", { name: "Audio upload progress" });
  await expect(bar).toBeVisible();
  const seen: number[] = [];
  await expect
    .poll(async () => {
      const value = Number((await bar.getAttribute("aria-valuenow").catch(() => null)) ?? "NaN");
      if (Number.isFinite(value)) seen.push(value);
      return new Set(seen.filter((v) => v > 0 && v < 100)).size;
    }, { intervals: [100] })
    .toBeGreaterThanOrEqual(2);
  // Never backwards.
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  // Watched from now on: the success toast may come and go while axe runs on a loaded machine.
  const uploaded = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "Audio file uploaded successfully" })
    .first()
    .waitFor({ state: "visible", timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath("upload-progress-1280.png") });
  // The dialog with its progress bar (the toasts fading in meanwhile are checked elsewhere).
  const axe = await new AxeBuilder({ page }).include("[role=dialog]").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await uploaded;
  await expect(bar).toHaveCount(0);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const url = await dialog.getByLabel("Audio URL").inputValue();
  expect(url).toMatch(/^\/storage\/content\/audio\/.+\.wav$/);
  expect((await page.request.get(url)).status()).toBe(200);

  // Cancelled: nothing uses the file, so it is deleted.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await page.request.get(url)).status()).toBe(404);
});

import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { expectToast, phrasesServer } from "#e2e/support/phrases-admin.ts";
import { recording, wavFile } from "#tests/support/speech.ts";

/** The cue editor at 390 px: an uploaded recording gets suggested cues, the editor fits the screen, handles move by touch. */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 90_000 });

test("the cue editor fits 390 px and works by touch", async ({ page }, testInfo) => {
  const speech = await recording(["Bonjour", "Merci beaucoup"], "fr", { pausesMs: [700] });
  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).tap();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  for (const [i, [original, translated]] of [["Bonjour", "Hello"], ["Merci beaucoup", "Thank you very much"]].entries()) {
    if (i > 0) await dialog.getByRole("button", { name: "Add Phrase", exact: true }).tap();
    await dialog.getByLabel("Original Text").nth(i).fill(original!);
    await dialog.getByLabel("Translated Text").nth(i).fill(translated!);
  }
  await dialog.getByTestId("audio-file-input").setInputFiles({ name: "merci.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile(speech.samples, speech.sampleRate)) });
  await expectToast(page, "Audio file uploaded successfully");
  const editor = dialog.getByTestId("cue-editor");
  await expect(editor.getByRole("slider")).toHaveCount(4);
  await editor.scrollIntoViewIfNeeded();
  const box = (await editor.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await editor.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // Each handle is a target of at least 24 by 24 px.
  for (const slider of await editor.getByRole("slider").all()) {
    const target = (await slider.boundingBox())!;
    expect(target.width).toBeGreaterThanOrEqual(24);
    expect(target.height).toBeGreaterThanOrEqual(24);
  }
  await page.screenshot({ path: testInfo.outputPath("cue-editor-390.png") });
  await expectNoAxeViolations(page);

  // A drag by touch moves phrase 2's start (pointer events; the page does not scroll instead).
  const handle = editor.getByRole("slider", { name: "Phrase 2 start" });
  const before = Number(await handle.getAttribute("aria-valuenow"));
  const grip = (await handle.boundingBox())!;
  const waveform = (await editor.getByTestId("cue-waveform").boundingBox())!;
  const x = grip.x + grip.width / 2;
  const y = grip.y + grip.height / 2;
  const touch = await page.context().newCDPSession(page);
  await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (const step of [5, 10, 15, 20]) {
    await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: Math.max(waveform.x + 2, x - step), y }] });
  }
  await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(async () => Number(await handle.getAttribute("aria-valuenow"))).toBeLessThan(before);
  await dialog.getByRole("button", { name: "Close" }).tap();
});

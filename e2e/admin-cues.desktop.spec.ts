import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { expectToast, openLesson, phrasesServer, recordMedia } from "#e2e/support/phrases-admin.ts";
import { recording, wavFile } from "#tests/support/speech.ts";

/**
 * The phrase dialog's cue editor (issue 23, point 1) on the phrases server: a recording of three phrases is uploaded,
 * the cues are suggested from its pauses, one boundary is moved with the keyboard, and the saved cue is the moved one.
 */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
// Speech synthesis, an upload, decoding, axe and a save on two shared cores.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await recordMedia(page);
});

const phrases = [
  ["Buenos días", "Good morning"],
  ["La cuenta, por favor", "The check, please"],
  ["Muchas gracias", "Thank you very much"],
] as const;

test("upload a recording: cues suggested from its pauses, a boundary moved with the keyboard, saved", async ({ page }, testInfo) => {
  const speech = await recording(
    phrases.map(([original]) => original),
    "es",
    { pausesMs: [650, 800] },
  );
  const suffix = `${Date.now() % 100000}`;

  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await dialog.getByLabel("Language").selectOption("spanish");
  await dialog.getByLabel("Level").selectOption("a2");
  await dialog.getByLabel("Lesson").selectOption("shopping");
  for (const [i, [original, translated]] of phrases.entries()) {
    if (i > 0) await dialog.getByRole("button", { name: "Add Phrase", exact: true }).click();
    await dialog.getByLabel("Original Text").nth(i).fill(i === 0 ? `${original} ${suffix}` : original);
    await dialog.getByLabel("Translated Text").nth(i).fill(translated);
  }
  // No audio yet: no editor.
  await expect(dialog.getByTestId("cue-editor")).toHaveCount(0);
  await dialog.getByTestId("audio-file-input").setInputFiles({ name: "shopping.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile(speech.samples, speech.sampleRate)) });
  await expectToast(page, "Audio file uploaded successfully");

  const editor = dialog.getByTestId("cue-editor");
  await expect(editor.getByText("Suggested from the pauses in the audio.", { exact: false })).toBeVisible();
  const sliders = editor.getByRole("slider");
  await expect(sliders).toHaveCount(6);
  // Each suggested boundary lies within 50 ms of where the phrase really starts or ends.
  for (const [i, [start, end]] of speech.phrases.entries()) {
    const at = async (edge: "start" | "end") => Number(await editor.getByRole("slider", { name: `Phrase ${i + 1} ${edge}` }).getAttribute("aria-valuenow"));
    expect(Math.abs((await at("start")) - start), `phrase ${i + 1} start`).toBeLessThanOrEqual(50);
    expect(Math.abs((await at("end")) - end), `phrase ${i + 1} end`).toBeLessThanOrEqual(50);
  }
  await page.screenshot({ path: testInfo.outputPath("cue-editor-1280.png") });
  await expectNoAxeViolations(page);

  // Play phrase 2: it plays its span, then its button shows Play again.
  await editor.getByRole("button", { name: "Play phrase 2" }).click();
  await expect(editor.getByRole("button", { name: "Stop phrase 2" })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Play phrase 2" })).toBeVisible({ timeout: 10_000 });

  // Phrase 2's start moves 230 ms later: two large steps and three small ones.
  const handle = editor.getByRole("slider", { name: "Phrase 2 start" });
  const suggested = Number(await handle.getAttribute("aria-valuenow"));
  await handle.focus();
  for (const key of ["Shift+ArrowRight", "Shift+ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"]) await page.keyboard.press(key);
  const moved = suggested + 230;
  await expect(handle).toHaveAttribute("aria-valuenow", String(moved));
  await expect(handle).toHaveAttribute("aria-valuetext", `${(moved / 1000).toFixed(2)} seconds`);
  // Phrase 1's end bounds phrase 2's start from below: Home stops there.
  const firstEnd = Number(await editor.getByRole("slider", { name: "Phrase 1 end" }).getAttribute("aria-valuenow"));
  await page.keyboard.press("Home");
  await expect(handle).toHaveAttribute("aria-valuenow", String(firstEnd));
  await page.keyboard.press("End");
  await page.keyboard.press("Home");
  for (let step = 0; step < Math.round((moved - firstEnd) / 10); step++) await page.keyboard.press("ArrowRight");
  await expect(handle).toHaveAttribute("aria-valuenow", String(moved));
  await page.screenshot({ path: testInfo.outputPath("cue-editor-moved-1280.png") });

  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  await expectToast(page, "3 phrases added successfully");
  await expect(dialog).toHaveCount(0);

  // Opened again, the dialog has the moved cue, not a new suggestion.
  await openLesson(page, "Spanish", "Elementary", "Shopping");
  await page.locator("[data-audio-group]").filter({ hasText: `Buenos días ${suffix}` }).getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Phrases" });
  await expect(edit.getByRole("slider", { name: "Phrase 2 start" })).toHaveAttribute("aria-valuenow", String(moved));
  await expect(edit.getByText("Suggested from the pauses in the audio.", { exact: false })).toHaveCount(0);
  await edit.getByRole("button", { name: "Close" }).click();

  // The public lesson carries it.
  const html = await (await page.request.get("/spanish/a2/shopping")).text();
  expect(html).toContain(`Buenos días ${suffix}`);
  expect(html).toContain(String(moved));
});

test("a recording with fewer pauses than phrases: the dialog says so and leaves the cues empty", async ({ page }) => {
  const speech = await recording(["Buenos días", "Muchas gracias"], "es", { pausesMs: [650] });
  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  for (let i = 0; i < 3; i++) {
    if (i > 0) await dialog.getByRole("button", { name: "Add Phrase", exact: true }).click();
    await dialog.getByLabel("Original Text").nth(i).fill(`Frase ${i + 1}`);
    await dialog.getByLabel("Translated Text").nth(i).fill(`Phrase ${i + 1}`);
  }
  await dialog.getByTestId("audio-file-input").setInputFiles({ name: "two.wav", mimeType: "audio/wav", buffer: Buffer.from(wavFile(speech.samples, speech.sampleRate)) });
  const editor = dialog.getByTestId("cue-editor");
  await expect(editor.getByTestId("cue-note")).toHaveText(
    "Found 1 pause for 3 phrases, so no cues were suggested. The group plays as a whole until you set them.",
  );
  await expect(editor.getByRole("slider")).toHaveCount(0);
  // Removing a phrase makes the count match the pauses: suggested again.
  await dialog.getByRole("button", { name: "Remove phrase 3" }).click();
  await expect(editor.getByRole("slider")).toHaveCount(4);
  await expect(editor.getByText("Suggested from the pauses in the audio.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
});

test("Audio cues for existing groups: a run lists the groups it cannot split, and one opens in the dialog", async ({ page }, testInfo) => {
  // The profile's groups were spoken as one text each, without pauses between the phrases: none can be split.
  await page.goto("/admin/phrases");
  const section = page.getByRole("region", { name: "Audio cues" });
  await section.getByRole("button", { name: "Find cues for all groups" }).click();
  await expect(section.getByText(/^Finished\. \d+ groups? could not be split: set their cues by hand\.$/)).toBeVisible({ timeout: 60_000 });
  const progress = section.getByRole("progressbar", { name: "Finding cues" });
  await expect(progress).toHaveAttribute("aria-valuenow", (await progress.getAttribute("aria-valuemax"))!);
  const failures = section.getByRole("list", { name: "Groups without cues" });
  const greetings = failures.locator("[data-cue-failure]").filter({ hasText: "Spanish › Beginner (A1) › Greetings (“Hola”)" });
  await expect(greetings).toContainText("for 3 phrases, so no cues were suggested.");
  await page.screenshot({ path: testInfo.outputPath("cue-backfill-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await greetings.getByRole("button", { name: "Edit cues of Spanish › Beginner (A1) › Greetings" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Phrases" });
  await expect(dialog.getByLabel("Original Text").first()).toHaveValue("Hola");
  const editor = dialog.getByTestId("cue-editor");
  await expect(editor.getByTestId("cue-note")).toContainText("for 3 phrases, so no cues were suggested.");
  await editor.getByRole("button", { name: "Set cues by hand" }).click();
  await expect(editor.getByRole("slider")).toHaveCount(6);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
});

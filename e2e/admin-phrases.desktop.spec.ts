import type { Page } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { expectToast, group, openLesson, phrasesServer, playing, recordMedia } from "#e2e/support/phrases-admin.ts";
import { toneWav } from "#tests/support/mp3.ts";

/**
 * The admin Phrases tab (issue 10, point 4) on the phrases server, whose catalogue has real speech. Each test works in
 * its own lesson (see e2e/support/profiles/phrases.ts), so they do not depend on one another.
 */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
// Speech synthesis, axe and real playback on two shared cores: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** Opens the Add Phrases dialog with Spanish › Beginner › Colours chosen (the lesson these tests add to). */
async function addPhrasesToColours(page: Page) {
  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await dialog.getByLabel("Language").selectOption("spanish");
  await dialog.getByLabel("Level").selectOption("a1");
  await dialog.getByLabel("Lesson").selectOption("colours");
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await recordMedia(page);
});

test("accordions down to audio groups: play one at a time, speeds restart, one translation open", async ({ page }, testInfo) => {
  await page.goto("/admin/phrases");
  await expect(page.getByRole("heading", { name: "Manage Phrases", level: 1 })).toBeVisible();
  await openLesson(page, "Spanish", "Beginner", "Greetings");
  const first = group(page, "Audio Group 1 (3 phrases)");
  const second = group(page, "Audio Group 2 (2 phrases)");
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(page.getByText("A1").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("phrases-1280.png"), fullPage: true });
  await expectNoAxeViolations(page);

  await first.getByRole("button", { name: "Play Audio Group 1 (3 phrases)" }).click();
  await expect(first.getByRole("button", { name: "Pause Audio Group 1 (3 phrases)" })).toBeVisible();
  await expect.poll(async () => (await playing(page)).length).toBe(1);
  await expect.poll(async () => (await playing(page))[0]?.time ?? 0).toBeGreaterThan(0.3);
  await expect(first.getByRole("progressbar")).not.toHaveAttribute("aria-valuetext", "0:00 of 0:00");

  // A new speed applies at once and starts the audio over.
  await expect.poll(async () => (await playing(page))[0]?.time ?? 0).toBeGreaterThan(1);
  const before = (await playing(page))[0]!.time;
  await first.getByRole("button", { name: "1.3x" }).click();
  await expect(first.getByRole("button", { name: "1.3x" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await playing(page))[0]?.rate).toBe(1.3);
  await expect.poll(async () => (await playing(page))[0]?.time ?? 99).toBeLessThan(before);

  // The other group takes over: still one audio playing, the first shows Play again.
  await second.getByRole("button", { name: "Play Audio Group 2 (2 phrases)" }).click();
  await expect(first.getByRole("button", { name: "Play Audio Group 1 (3 phrases)" })).toBeVisible();
  await expect.poll(async () => (await playing(page)).length).toBe(1);
  await second.getByRole("button", { name: "Pause Audio Group 2 (2 phrases)" }).click();
  await expect.poll(async () => (await playing(page)).length).toBe(0);

  // One translation at a time across the page.
  await first.getByRole("button", { name: "Hola" }).click();
  await expect(first.getByText("Hello", { exact: true })).toBeVisible();
  await second.getByRole("button", { name: "Gracias" }).click();
  await expect(second.getByText("Thank you", { exact: true })).toBeVisible();
  await expect(first.getByText("Hello", { exact: true })).toHaveCount(0);
  await second.getByRole("button", { name: /Gracias/ }).click();
  await expect(second.getByText("Thank you", { exact: true })).toHaveCount(0);
});

test("add phrases: validation messages, Generate Audio that plays, then the public lesson shows them", async ({ page }, testInfo) => {
  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Generate Audio", exact: true })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Remove phrase 1" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  for (const message of [
    "Language is required",
    "Level is required",
    "Lesson is required",
    "Please enter a valid URL for the audio file",
    "At least one phrase with translation is required",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath("phrases-dialog-1280.png") });
  await expectNoAxeViolations(page);

  // Cascading selects: each lists only what belongs to the one above.
  await dialog.getByLabel("Language").selectOption("spanish");
  await expect(dialog.getByLabel("Level").locator("option")).toHaveText(["Select a level", "Beginner (A1)", "Elementary (A2)"]);
  await dialog.getByLabel("Level").selectOption("a1");
  await expect(dialog.getByLabel("Lesson").locator("option")).toHaveText(["Select a lesson", "Greetings", "Numbers", "Colours"]);
  await dialog.getByLabel("Lesson").selectOption("colours");
  await expect(dialog.getByText("Language is required")).toHaveCount(0);

  const suffix = `${Date.now() % 100000}`;
  await dialog.getByLabel("Original Text").fill(`Rojo ${suffix}`);
  await expect(dialog.getByRole("button", { name: "Generate Audio", exact: true })).toBeEnabled();
  await dialog.getByRole("button", { name: "Add Phrase", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Remove phrase 1" })).toBeEnabled();
  await dialog.getByLabel("Original Text").nth(1).fill(`Azul ${suffix}`);
  await dialog.getByLabel("Translated Text").nth(1).fill("Blue");
  await dialog.getByRole("button", { name: "Generate Audio", exact: true }).click();
  await expectToast(page, "Generating audio...");
  await expectToast(page, "Audio generated successfully");
  await expect(dialog.getByLabel("Audio URL")).toHaveValue(/^\/storage\/content\/audio\/[0-9a-f]{32}-spanish-rojo-\d+\.mp3$/);
  const audioUrl = await dialog.getByLabel("Audio URL").inputValue();

  // The first row still lacks its translation: it is refused with a message rather than dropped (issue 27).
  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "Phrase 1 needs both its original text and its translation" })).toBeVisible();
  await dialog.getByLabel("Translated Text").first().fill("Red");
  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  await expectToast(page, "2 phrases added successfully");
  await expect(dialog).toHaveCount(0);

  await openLesson(page, "Spanish", "Beginner", "Colours");
  const added = page.locator("[data-audio-group]").filter({ hasText: `Rojo ${suffix}` });
  await expect(added).toContainText("(2 phrases)");
  // The generated file plays in the page.
  await added.getByRole("button", { name: /^Play Audio Group/ }).click();
  await expect.poll(async () => (await playing(page)).find((m) => m.src === audioUrl)?.time ?? 0).toBeGreaterThan(0.2);

  await page.goto("/spanish/a1/colours");
  await expect(page.getByText(`Rojo ${suffix}`)).toBeVisible();
  await expect(page.getByText(`Azul ${suffix}`)).toBeVisible();
});

test("Generate audio for the whole group: every row spoken, each with its cue, which the public lesson gets", async ({ page }) => {
  const suffix = `${Date.now() % 100000}`;
  const rows = [[`Verde ${suffix}`, "Green"], [`Amarillo ${suffix}`, "Yellow"]] as const;
  const dialog = await addPhrasesToColours(page);
  await dialog.getByRole("button", { name: "Add Phrase", exact: true }).click();
  for (const [i, [original, translated]] of rows.entries()) {
    await dialog.getByLabel("Original Text").nth(i).fill(original);
    await dialog.getByLabel("Translated Text").nth(i).fill(translated);
  }
  await dialog.getByRole("button", { name: "Generate audio for the whole group" }).click();
  // Speech on two shared cores can take longer than an assertion's default wait.
  await expect(dialog.getByLabel("Audio URL")).toHaveValue(/^\/storage\/content\/audio\/[0-9a-f]{32}-spanish-verde-\d+\.mp3$/, { timeout: 30_000 });
  await expectToast(page, "Audio generated successfully");
  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  await expectToast(page, "2 phrases added successfully");

  // The lesson page's data (as a client navigation fetches it) carries each phrase's cue, in order, a pause apart.
  const response = await page.request.get("/spanish/a1/colours.data");
  const decoded = await decodeViaTurboStream(new Response(new Uint8Array(await response.body())).body!, globalThis);
  const cues = rows.map(([original]) => findPhrase(decoded.value, original)?.cue);
  expect(cues[0]?.[0]).toBeGreaterThanOrEqual(50);
  expect(cues[1]![0] - cues[0]![1]).toBe(500);
  expect(cues[1]![1]).toBeGreaterThan(cues[1]![0]);
});

test("rewording a row after Generate audio for the whole group clears the cues: the file no longer speaks it", async ({ page }) => {
  const suffix = `${Date.now() % 100000}`;
  const dialog = await addPhrasesToColours(page);
  await dialog.getByLabel("Original Text").fill(`Negro ${suffix}`);
  await dialog.getByLabel("Translated Text").fill("Black");
  await dialog.getByRole("button", { name: "Generate audio for the whole group" }).click();
  await expect(dialog.getByLabel("Audio URL")).not.toHaveValue("", { timeout: 30_000 });
  await expectToast(page, "Audio generated successfully");
  await dialog.getByLabel("Original Text").fill(`Blanco ${suffix}`);
  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  await expectToast(page, "1 phrase added successfully");
  const response = await page.request.get("/spanish/a1/colours.data");
  const decoded = await decodeViaTurboStream(new Response(new Uint8Array(await response.body())).body!, globalThis);
  const phrase = findPhrase(decoded.value, `Blanco ${suffix}`);
  expect(phrase).toBeDefined();
  expect(phrase?.cue).toBeUndefined();
});

/** The phrase with this original text anywhere in a page's data. */
function findPhrase(value: unknown, originalText: string): { cue?: [number, number] } | undefined {
  if (!value || typeof value !== "object") return undefined;
  if ((value as { originalText?: unknown }).originalText === originalText) return value as { cue?: [number, number] };
  for (const child of Object.values(value)) {
    const found = findPhrase(child, originalText);
    if (found) return found;
  }
  return undefined;
}

test("edit a group with more rows, then fewer; the public lesson follows", async ({ page }) => {
  const suffix = `${Date.now() % 100000}`;
  await page.goto("/admin/phrases");
  await openLesson(page, "Spanish", "Elementary", "Travel");
  const card = page.locator("[data-audio-group]").first();
  await card.getByRole("button", { name: /^Edit Audio Group 1/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Phrases" });
  await expect(dialog.getByLabel("Language")).toHaveValue("spanish");
  await expect(dialog.getByLabel("Lesson")).toHaveValue("travel");
  await expect(dialog.getByLabel("Original Text")).toHaveCount(2);
  const outdated = dialog.locator("[data-audio-outdated]");
  await expect(outdated).toHaveCount(0);
  await dialog.getByLabel("Original Text").first().fill(`¿Dónde está la playa? ${suffix}`);
  // The group's audio still says the old text: the dialog says so and offers new audio (issue 27).
  await expect(outdated).toContainText("The audio no longer matches these phrases");
  await expect(outdated.getByRole("button", { name: "Make new audio for these phrases" })).toBeEnabled();
  await dialog.getByLabel("Translated Text").first().fill("Where is the beach?");
  await dialog.getByRole("button", { name: "Add Phrase", exact: true }).click();
  await dialog.getByLabel("Original Text").nth(2).fill(`El tren ${suffix}`);
  await dialog.getByLabel("Translated Text").nth(2).fill("The train");
  await dialog.getByRole("button", { name: "Update Phrases" }).click();
  await expectToast(page, "Phrases updated successfully");
  await expect(dialog).toHaveCount(0);
  await expect(group(page, "Audio Group 1 (3 phrases)")).toContainText(`El tren ${suffix}`);

  await group(page, "Audio Group 1 (3 phrases)").getByRole("button", { name: /^Edit/ }).click();
  const again = page.getByRole("dialog", { name: "Edit Phrases" });
  await again.getByRole("button", { name: "Remove phrase 3" }).click();
  await again.getByRole("button", { name: "Remove phrase 2" }).click();
  await expect(again.getByRole("button", { name: "Remove phrase 1" })).toBeDisabled();
  await again.getByRole("button", { name: "Update Phrases" }).click();
  await expectToast(page, "Phrases updated successfully");
  await expect(group(page, "Audio Group 1 (1 phrase)")).toContainText(`¿Dónde está la playa? ${suffix}`);

  await page.goto("/spanish/a2/travel");
  await expect(page.getByText(`¿Dónde está la playa? ${suffix}`)).toBeVisible();
  await expect(page.getByText(`El tren ${suffix}`)).toHaveCount(0);
  await expect(page.getByText("Un billete, por favor")).toHaveCount(0);
});

test("upload an audio file fills the URL; a file that is not audio is refused", async ({ page, pageErrors }) => {
  await page.goto("/admin/phrases");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  const input = dialog.getByTestId("audio-file-input");

  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not audio") });
  await expectToast(page, "Failed to upload audio file: Please select an audio file");
  await expect(dialog.getByLabel("Audio URL")).toHaveValue("");

  // Text that claims to be audio passes the browser's check; the server reads the bytes and refuses it.
  await input.setInputFiles({ name: "fake.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("this is not audio at all") });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: /^Failed to upload audio file: .+/ }).last()).toBeVisible();
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringMatching(/status of 4\d\d/)]);
  pageErrors.length = 0;
  await expect(dialog.getByLabel("Audio URL")).toHaveValue("");

  await input.setInputFiles({ name: "tone.wav", mimeType: "audio/wav", buffer: Buffer.from(toneWav(3)) });
  await expectToast(page, "Audio file uploaded successfully");
  // The progress toast turned into the outcome: it does not stay.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Uploading audio file..." })).toHaveCount(0);
  await expect(dialog.getByLabel("Audio URL")).toHaveValue(/^\/storage\/content\/audio\/[0-9a-f]{32}-tone\.\w+$/);

  // The preview plays the uploaded file; an address with no audio behind it says so.
  await dialog.getByRole("button", { name: "Play audio preview" }).click();
  await expect.poll(async () => (await playing(page)).length).toBe(1);
  await dialog.getByRole("button", { name: "Pause audio preview" }).click();
  await expect.poll(async () => (await playing(page)).length).toBe(0);
  await dialog.getByLabel("Audio URL").fill("/storage/content/audio/no-such-file.mp3");
  await dialog.getByRole("button", { name: "Play audio preview" }).click();
  await expectToast(page, "Failed to play audio. Please check the URL.");
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringMatching(/status of 404/)]);
  pageErrors.length = 0;
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

test("works from the keyboard: accordions, the dialog's focus and Escape", async ({ page }) => {
  await page.goto("/admin/phrases");
  const spanish = page.getByRole("button", { name: /^Spanish\b/ });
  await spanish.focus();
  await page.keyboard.press("Enter");
  await expect(spanish).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(spanish).toHaveAttribute("aria-expanded", "false");

  const add = page.getByRole("button", { name: "Add Phrases" });
  await add.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog and stays there.
  const focusInside = () => dialog.evaluate((node) => node.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);
  await page.keyboard.press("Shift+Tab");
  await expect.poll(focusInside).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
});

test("accordions load lazily; the text search finds original and translated text, shows where, and opens a group", async ({ page }, testInfo) => {
  const treeRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    // A fetcher asks through single fetch (tree.data); only which node it asked for matters here.
    if (/^\/admin\/phrases\/tree(\.data)?$/.test(url.pathname)) {
      treeRequests.push(["language", "level", "lesson"].map((name) => url.searchParams.get(name) ?? "").filter(Boolean).join("/"));
    }
  });
  await page.goto("/admin/phrases");
  // The page holds the languages only; each level of the accordions is fetched when it first opens.
  await expect(page.getByRole("button", { name: /^Spanish \(2 levels\)/ })).toBeVisible();
  expect(await page.locator("[data-audio-group]").count()).toBe(0);
  await openLesson(page, "Spanish", "Beginner", "Greetings");
  await expect(group(page, "Audio Group 1 (3 phrases)")).toBeVisible();
  expect(treeRequests).toEqual(["spanish", "spanish/a1", "spanish/a1/greetings"]);

  // Case-insensitive, in the translation too: "Hello" is Hola's and Bonjour's translation.
  await page.getByLabel("Search phrases").fill("HELLO");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/phrases\?q=HELLO$/);
  await expect(page.getByRole("status").filter({ hasText: "phrases found" })).toBeVisible();
  const hola = page.locator("[data-search-hit]").filter({ hasText: "Hola" });
  await expect(hola).toContainText("Spanish › Beginner (A1) › Greetings");
  await expect(page.locator("[data-search-hit]").filter({ hasText: "Bonjour" })).toContainText("French › Beginner (A1) › Basics");
  await expect(page.locator("[data-audio-group]")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("phrases-search-1280.png"), fullPage: true });

  await hola.getByRole("button", { name: "Edit group of “Hola”" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Phrases" });
  await expect(dialog.getByLabel("Language")).toHaveValue("spanish");
  await expect(dialog.getByLabel("Level")).toHaveValue("a1");
  await expect(dialog.getByLabel("Lesson")).toHaveValue("greetings");
  expect(await dialog.getByLabel("Original Text").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain("Hola");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByLabel("Search phrases").fill("qqxqq");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No phrases match “qqxqq”. Try another word, or clear the search.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("phrases-search-empty-1280.png"), fullPage: true });
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/admin\/phrases$/);
  await expect(page.getByRole("button", { name: /^Spanish\b/ })).toBeVisible();
});

test("delete a whole audio group after a confirmation; the public lesson loses it (issue 27)", async ({ page }) => {
  const suffix = `${Date.now() % 100000}`;
  const dialog = await addPhrasesToColours(page);
  await dialog.getByLabel("Audio URL").fill(`/storage/content/audio/e2e-delete-${suffix}.mp3`);
  await dialog.getByLabel("Original Text").fill(`Verde ${suffix}`);
  await dialog.getByLabel("Translated Text").fill("Green");
  await dialog.getByRole("button", { name: "Add Phrases" }).click();
  await expectToast(page, "1 phrase added successfully");

  await openLesson(page, "Spanish", "Beginner", "Colours");
  const card = page.locator("[data-audio-group]").filter({ hasText: `Verde ${suffix}` });
  await card.getByRole("button", { name: /^Delete Audio Group \d+ \(1 phrase\)$/ }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This deletes the group's 1 phrase and its audio file when no other group plays it.");
  // Cancel keeps it; Delete removes it.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toHaveCount(1);
  await card.getByRole("button", { name: /^Delete Audio Group/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Audio group deleted with its 1 phrase");
  await expect(card).toHaveCount(0);

  await page.goto("/spanish/a1/colours");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(`Verde ${suffix}`)).toHaveCount(0);
});

test("Add Phrases starts in the lesson opened last, and 'Save and add another' keeps it (issue 27)", async ({ page }) => {
  const suffix = `${Date.now() % 100000}`;
  await page.goto("/admin/phrases");
  await openLesson(page, "Spanish", "Beginner", "Colours");
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await expect(dialog.getByLabel("Language")).toHaveValue("spanish");
  await expect(dialog.getByLabel("Level")).toHaveValue("a1");
  await expect(dialog.getByLabel("Lesson")).toHaveValue("colours");
  await dialog.getByLabel("Audio URL").fill(`/storage/content/audio/e2e-another-${suffix}.mp3`);
  await dialog.getByLabel("Original Text").fill(`Blanco ${suffix}`);
  await dialog.getByLabel("Translated Text").fill("White");
  await dialog.getByRole("button", { name: "Save and add another" }).click();
  await expectToast(page, "1 phrase added successfully");
  // A fresh form for the same lesson.
  await expect(dialog.getByLabel("Original Text")).toHaveValue("");
  await expect(dialog.getByLabel("Audio URL")).toHaveValue("");
  await expect(dialog.getByLabel("Lesson")).toHaveValue("colours");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("[data-audio-group]").filter({ hasText: `Blanco ${suffix}` })).toHaveCount(1);
});

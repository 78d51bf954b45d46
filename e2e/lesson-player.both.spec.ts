import type { Page } from "@playwright/test";
import { anyWidth, expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { lessonCues } from "#e2e/support/lesson-data.ts";
import { servers } from "#e2e/support/servers.ts";
import { perPhraseLesson } from "#e2e/support/profiles/users.ts";

/**
 * The lesson page's learn mode (issue 23, point 2) on the demo lesson, whose seed gives every phrase its exact cue:
 * a phrase's own play button, the highlight that follows the audio, repeat and listen-and-repeat, "Show all
 * translations", the keys, and a lesson of per-phrase files shown as one list. The page records what its media
 * elements do (where each started and paused, on the media clock) so the tests check real playback.
 */

const lesson = "/spanish/a1/greetings";
const shots = "/work/notes/shots/lesson-player";

interface MediaEvent {
  type: "play" | "playing" | "pause";
  src: string;
  /** The media clock, seconds. */
  at: number;
  /** The page clock, ms. */
  wall: number;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const events: { type: string; src: string; at: number; wall: number }[] = [];
    const highlights: { phrase: string; at: number }[] = [];
    const w = window as unknown as { __events: typeof events; __highlights: typeof highlights; __media: HTMLMediaElement[] };
    w.__events = events;
    w.__highlights = highlights;
    w.__media = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!w.__media.includes(this)) {
        w.__media.push(this);
        for (const type of ["play", "playing", "pause"]) {
          this.addEventListener(type, () => events.push({ type, src: this.src, at: this.currentTime, wall: performance.now() }));
        }
      }
      return play.call(this);
    };
    // Where the audio is when the highlight moves (recorded at once, not when a test gets round to polling).
    new MutationObserver((records) => {
      for (const record of records) {
        const row = record.target as HTMLElement;
        if (record.attributeName === "aria-current" && row.getAttribute("aria-current") === "true") {
          const playingMedia = w.__media.find((m) => !m.paused);
          highlights.push({ phrase: row.dataset["phrase"] ?? "", at: playingMedia?.currentTime ?? -1 });
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["aria-current"] });
  });
});

const mediaEvents = (page: Page) => page.evaluate(() => (window as unknown as { __events: MediaEvent[] }).__events);
const playingCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __media: HTMLMediaElement[] }).__media.filter((m) => !m.paused).length);

/** The first audio group's cues in seconds, from the page's own data (what the seed stored). */
async function firstGroupCues(page: Page): Promise<[number, number][]> {
  const cues = (await lessonCues(page))[0]!;
  expect(cues.every(Boolean), "every demo phrase has a cue").toBe(true);
  return (cues as [number, number][]).map(([start, end]) => [start / 1000, end / 1000]);
}

test("a phrase's play button plays exactly that phrase, at 1x and at 0.75x", async ({ page }) => {
  await page.goto(lesson);
  const cues = await firstGroupCues(page);
  const [start, end] = cues[1]!;
  const card = page.getByRole("region", { name: "Audio 1" });
  for (const rate of ["1×", "0.75×"]) {
    await card.getByRole("button", { name: rate, exact: true }).click();
    const before = (await mediaEvents(page)).length;
    await card.getByRole("button", { name: "Play phrase 2" }).click();
    await expect(card.getByRole("button", { name: "Pause phrase 2" })).toBeVisible();
    await expect(card.locator('li[aria-current="true"]')).toHaveAttribute("data-phrase", "2");
    // Paused by itself at the phrase's end.
    await expect(card.getByRole("button", { name: "Play phrase 2" })).toBeVisible({ timeout: 10_000 });
    const events = (await mediaEvents(page)).slice(before);
    // Where playback starts from ("play"), and where it is once sound comes ("playing": later by however long this
    // busy machine takes to deliver the event, so only bounded loosely).
    const started = events.find((e) => e.type === "play")!;
    const sounding = events.find((e) => e.type === "playing")!;
    const paused = events.findLast((e) => e.type === "pause")!;
    expect(Math.abs(started.at - start), `started at ${started.at}, cue start ${start} (${rate})`).toBeLessThanOrEqual(0.15);
    expect(sounding.at, `sounding at ${sounding.at}, cue start ${start} (${rate})`).toBeGreaterThanOrEqual(start - 0.05);
    expect(sounding.at, `sounding at ${sounding.at}, cue start ${start} (${rate})`).toBeLessThanOrEqual(start + 0.4);
    expect(paused.at, `paused at ${paused.at}, cue end ${end} (${rate})`).toBeGreaterThanOrEqual(end - 0.05);
    expect(paused.at, `paused at ${paused.at}, cue end ${end} (${rate})`).toBeLessThanOrEqual(end + 0.25);
    expect(await playingCount(page)).toBe(0);
  }
});

test("while a group plays, the highlight follows the phrases at their cue times, without moving anything", async ({ page }) => {
  await page.goto(lesson);
  const cues = await firstGroupCues(page);
  const card = page.getByRole("region", { name: "Audio 1" });
  const rows = card.locator("li[data-phrase]");
  const heights = await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
  await card.getByRole("button", { name: "Play audio" }).click();
  await expect(card.locator('li[aria-current="true"]')).toHaveAttribute("data-phrase", "3", { timeout: 15_000 });
  // Only one phrase is current at a time, and the highlight changed no row's size.
  await expect(card.locator('li[aria-current="true"]')).toHaveCount(1);
  expect(await rows.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height))).toEqual(heights);
  const highlights = await page.evaluate(() => (window as unknown as { __highlights: { phrase: string; at: number }[] }).__highlights);
  expect(highlights.map((h) => h.phrase).slice(0, 3)).toEqual(["1", "2", "3"]);
  for (const [index, h] of highlights.slice(1, 3).entries()) {
    const cueStart = cues[index + 1]![0];
    expect(h.at, `phrase ${h.phrase} highlighted at ${h.at}, cue start ${cueStart}`).toBeGreaterThanOrEqual(cueStart - 0.06);
    // Measured when the page shows it: the render after the timer, which a machine busy with other work delays.
    expect(h.at, `phrase ${h.phrase} highlighted at ${h.at}, cue start ${cueStart}`).toBeLessThanOrEqual(cueStart + 0.35);
  }
  await card.getByRole("button", { name: "Pause audio" }).click();
});

test("listen-and-repeat leaves the learner a turn after each phrase before going on", async ({ page }) => {
  await page.goto(lesson);
  const cues = await firstGroupCues(page);
  const card = page.getByRole("region", { name: "Audio 1" });
  await card.getByRole("button", { name: "Listen and repeat" }).click();
  await expect(card.getByRole("button", { name: "Listen and repeat" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByLabel("Pause")).toHaveValue("1.5");
  await card.getByRole("button", { name: "Play phrase 1" }).click();
  await expect(card.getByText("Your turn: say the phrase")).toBeVisible({ timeout: 10_000 });
  expect(await playingCount(page)).toBe(0);
  // Still "playing" for the learner: the card's button pauses the exercise.
  await expect(card.getByRole("button", { name: "Pause audio" })).toBeVisible();
  await expect(card.getByText("Listen, then say each phrase in the pause")).toBeVisible({ timeout: 10_000 });

  // Played through: phrase 1, a turn, phrase 2.
  const before = (await mediaEvents(page)).length;
  await card.getByRole("button", { name: "Play audio" }).click();
  await expect(card.locator('li[aria-current="true"]')).toHaveAttribute("data-phrase", "2", { timeout: 15_000 });
  await expect.poll(async () => (await mediaEvents(page)).slice(before).filter((e) => e.type === "playing").length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const events = (await mediaEvents(page)).slice(before);
  const pause = events.find((e) => e.type === "pause")!;
  const resumed = events.filter((e) => e.type === "playing")[1]!;
  const [start1, end1] = cues[0]!;
  expect(pause.at).toBeGreaterThanOrEqual(end1 - 0.05);
  expect(resumed.at).toBeGreaterThanOrEqual(cues[1]![0] - 0.05);
  // The turn starts when the phrase is stopped; the page's "pause" event comes a little after that, and later on a busy
  // machine (32 ms short of a 50 ms margin was seen in a loaded run), so the margin is generous: without a turn the
  // gap would be near zero.
  expect(resumed.wall - pause.wall, "the learner's pause").toBeGreaterThanOrEqual(Math.max(1000, 1.5 * (end1 - start1) * 1000) - 250);
  await card.getByRole("button", { name: "Pause audio" }).click();
});

test("one audio at a time across cards, also for a phrase on repeat", async ({ page }) => {
  await page.goto(lesson);
  const [first, second] = [page.getByRole("region", { name: "Audio 1" }), page.getByRole("region", { name: "Audio 2" })];
  await first.getByRole("button", { name: "Repeat this phrase" }).click();
  await first.getByRole("button", { name: "Play phrase 1" }).click();
  await expect(first.getByRole("button", { name: "Pause phrase 1" })).toBeVisible();
  await second.getByRole("button", { name: "Play phrase 2" }).click();
  await expect(second.getByRole("button", { name: "Pause phrase 2" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Play phrase 1" })).toBeVisible();
  await expect(first.locator("li[aria-current]")).toHaveCount(0);
  // Never two at once. Phrase 2 is about a second long: on a loaded machine it may have ended by now, so "one" would
  // be a race; the looped phrase 1 stopping is what the assertions above show.
  expect(await playingCount(page)).toBeLessThanOrEqual(1);
  // The looped phrase does not come back by itself.
  await expect(second.getByRole("button", { name: "Play phrase 2" })).toBeVisible({ timeout: 10_000 });
  expect(await playingCount(page)).toBe(0);
});

test("Show all translations opens every translation; each phrase still toggles its own", async ({ page }) => {
  await page.goto(lesson);
  const translations = page.getByText("Good morning.", { exact: true });
  await page.getByRole("button", { name: "Show all translations" }).click();
  await expect(page.getByText("See you later!", { exact: true })).toBeVisible();
  await expect(translations).toBeVisible();
  await page.getByRole("region", { name: "Audio 1" }).getByRole("button", { name: "Buenos días.", exact: true }).click();
  await expect(translations).toBeHidden();
  await expect(page.getByRole("button", { name: "Show all translations" })).toBeVisible();
  await page.getByRole("button", { name: "Show all translations" }).click();
  await expect(translations).toBeVisible();
  await page.getByRole("button", { name: "Hide all translations" }).click();
  await expect(page.getByText("See you later!", { exact: true })).toBeHidden();
});

test("keys: space, arrows, R, T and ? act on the card in use, never while typing or with a modifier", anyWidth, async ({ page }, testInfo) => {
  await page.goto(lesson);
  const card = page.getByRole("region", { name: "Audio 2" });
  // Using a card makes it the one the keys act on.
  await card.getByRole("heading").click();
  await card.getByRole("heading").click();
  await page.locator("h1").click();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(card.locator('li[aria-current="true"]')).toHaveAttribute("data-phrase", "2");
  await page.keyboard.press("t");
  await expect(card.getByText("Nice to meet you.", { exact: true })).toBeVisible();
  await page.keyboard.press("r");
  await expect(card.getByRole("button", { name: "Repeat this phrase" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Alt+r");
  await expect(card.getByRole("button", { name: "Repeat this phrase" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("r");
  await expect(card.getByRole("button", { name: "Repeat this phrase" })).toHaveAttribute("aria-pressed", "false");

  await page.keyboard.press(" ");
  await expect(card.getByRole("button", { name: "Pause audio" })).toBeVisible();
  await expect.poll(() => playingCount(page)).toBe(1);
  await page.keyboard.press(" ");
  await expect(card.getByRole("button", { name: "Play audio" })).toBeVisible();

  // Typing in a field is typing.
  await page.evaluate(() => {
    const field = document.createElement("input");
    field.setAttribute("aria-label", "Scratch field");
    document.querySelector("main")!.prepend(field);
  });
  await page.getByLabel("Scratch field").fill("");
  await page.getByLabel("Scratch field").press("t");
  await page.getByLabel("Scratch field").press("?");
  await expect(card.getByText("Nice to meet you.", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.evaluate(() => document.querySelector("[aria-label='Scratch field']")!.remove());

  await page.locator("h1").click();
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Previous or next phrase")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/keys-dialog-${testInfo.project.name}.png` });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // The slider's arrow keys move one second.
  const slider = card.getByRole("slider", { name: "Playback position" });
  await expect.poll(async () => Number(await slider.getAttribute("aria-valuemax"))).toBeGreaterThan(2);
  await slider.focus();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveAttribute("aria-valuenow", "1");
});

test("a lesson of per-phrase files is one list: a phrase plays alone, Play all plays them in turn; readings on request", async ({ page }, testInfo) => {
  await page.goto(servers.users.url + perPhraseLesson.path);
  const list = page.getByRole("region", { name: "All phrases" });
  await expect(list).toBeVisible();
  await expect(page.getByRole("region", { name: "Audio 2" })).toHaveCount(0);
  await expect(list.getByRole("slider")).toHaveCount(0);

  await list.getByRole("button", { name: "Play phrase 3" }).click();
  await expect(list.getByRole("button", { name: "Pause phrase 3" })).toBeVisible();
  await expect(list.getByRole("button", { name: "Play phrase 3" })).toBeVisible({ timeout: 10_000 });
  const single = (await mediaEvents(page)).filter((e) => e.type === "playing");
  expect(new Set(single.map((e) => e.src)).size).toBe(1);

  const before = (await mediaEvents(page)).length;
  await list.getByRole("button", { name: "Play all" }).click();
  await expect(list.locator('li[aria-current="true"]')).toHaveAttribute("data-phrase", "3", { timeout: 15_000 });
  await expect(list.getByRole("button", { name: "Play all" })).toBeVisible({ timeout: 15_000 });
  const played = (await mediaEvents(page)).slice(before).filter((e) => e.type === "playing").map((e) => e.src);
  expect(new Set(played).size, "each phrase's own file, in turn").toBe(3);

  // Readings: hidden until asked for, and the choice stays after a reload.
  const reading = list.getByText("Spasibo", { exact: true });
  await expect(reading).toBeHidden();
  await page.getByRole("button", { name: "Show reading" }).click();
  await expect(reading).toBeVisible();
  await expect(page.getByRole("button", { name: "Show reading" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(list.getByText("Spasibo", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Show reading" })).toHaveAttribute("aria-pressed", "true");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/per-phrase-list-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole("button", { name: "Show reading" }).click();
  await expect(list.getByText("Spasibo", { exact: true })).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the lesson still reads: phrases and translations in the page, readings hidden", anyWidth, async ({ page }) => {
    await page.goto(servers.users.url + perPhraseLesson.path);
    // The reading is in the page but hidden: it is not even part of the phrase's name.
    await expect(page.getByRole("button", { name: "Спасибо", exact: true })).toBeVisible();
    await expect(page.getByText("Spasibo", { exact: true })).toBeHidden();
    await expect(page.locator("li[data-phrase]")).toHaveCount(3);
  });
});

test("the learn mode passes axe, with listen-and-repeat on and the translations open", async ({ page }, testInfo) => {
  await page.goto(lesson);
  const card = page.getByRole("region", { name: "Audio 1" });
  await page.getByRole("button", { name: "Show all translations" }).click();
  await card.getByRole("button", { name: "Listen and repeat" }).click();
  await card.getByRole("button", { name: "Play phrase 1" }).click();
  await expect(card.getByText("Your turn: say the phrase")).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: `${shots}/lesson-turn-${testInfo.project.name}.png` });
  await card.getByRole("button", { name: "Pause audio" }).click();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/lesson-${testInfo.project.name}.png`, fullPage: true });
});

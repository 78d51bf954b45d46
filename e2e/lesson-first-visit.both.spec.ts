import { gzipSync } from "node:zlib";
import type { Page, Request, Route } from "@playwright/test";
import { anyWidth, expect, test } from "#e2e/support/fixtures.ts";
import { lessonCues } from "#e2e/support/lesson-data.ts";

/**
 * The lesson page's first visit (issue 23, point 5; docs/decisions/010-learn-mode.md): what a visitor who only reads
 * never needs is not fetched at all. The audio engine (app/lib/audio/audio-controller.ts) loads on the first intent
 * to play, listen-and-repeat's panel when it is turned on, a learner's progress card and favourite buttons only for a
 * signed-in learner. A first click on a phrase's play button, with the engine still on its way, shows the play as
 * loading and then plays exactly that phrase.
 */

const lesson = "/spanish/a1/greetings";
const deferred = {
  engine: /\/assets\/audio-controller-[\w-]+\.js$/,
  listenAndRepeat: /\/assets\/listen-and-repeat-[\w-]+\.js$/,
  learner: /\/assets\/lesson-learner-[\w-]+\.js$/,
};

test.beforeEach(async ({ page }) => {
  // Where each media element starts playing and pauses, on the media clock.
  await page.addInitScript(() => {
    const events: { type: string; at: number }[] = [];
    (window as unknown as { __events: typeof events }).__events = events;
    const seen = new WeakSet<HTMLMediaElement>();
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!seen.has(this)) {
        seen.add(this);
        for (const type of ["play", "pause"]) this.addEventListener(type, () => events.push({ type, at: this.currentTime }));
      }
      return play.call(this);
    };
  });
});

function scripts(page: Page) {
  const requested: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "script") requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

/** The second phrase's cue in seconds, from the page's own data (what the seed stored). */
async function secondPhraseCue(page: Page): Promise<[number, number]> {
  const cue = (await lessonCues(page))[0]![1] ?? null;
  expect(cue, "the demo phrase has a cue").not.toBeNull();
  return [cue![0] / 1000, cue![1] / 1000];
}

test("a visitor's lesson page loads no audio engine, listen-and-repeat or learner code until asked", async ({ page }) => {
  const requested = scripts(page);
  await page.goto(lesson);
  await page.waitForLoadState("networkidle");
  const card = page.getByRole("region", { name: "Audio 1" });
  // Hydrated and idle: the player is there, with the file's length read, and none of the deferred code was fetched.
  await expect(card.getByRole("slider", { name: "Playback position" })).not.toHaveAttribute("aria-valuemax", "0");
  expect(requested.some((path) => /\/assets\/lesson-[\w-]+\.js$/.test(path)), "the lesson route's own code").toBe(true);
  for (const [name, pattern] of Object.entries(deferred)) expect(requested.filter((path) => pattern.test(path)), name).toEqual([]);

  // Turning listen-and-repeat on loads its panel (and the engine), and nothing of a learner's.
  await card.getByRole("button", { name: "Listen and repeat" }).click();
  await expect(card.getByText("Listen, then say each phrase in the pause")).toBeVisible();
  await expect(card.getByLabel("Pause", { exact: true })).toHaveValue("1.5");
  expect(requested.some((path) => deferred.engine.test(path))).toBe(true);
  expect(requested.some((path) => deferred.listenAndRepeat.test(path))).toBe(true);
  expect(requested.filter((path) => deferred.learner.test(path))).toEqual([]);
});

test("a first click on a phrase's play button, while the engine is on its way, shows loading and plays that phrase", async ({ page }) => {
  // The engine's file waits until the test has seen the click's loading state.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(deferred.engine, async (route: Route) => {
    asked += 1;
    await released;
    await route.continue();
  });
  await page.goto(lesson);
  const [start, end] = await secondPhraseCue(page);
  const card = page.getByRole("region", { name: "Audio 1" });
  expect(asked, "no engine before any interaction").toBe(0);

  await card.getByRole("button", { name: "Play phrase 2" }).click();
  // Asked for (on the pointer's arrival, at the latest by the click) and held: the play shows as under way.
  await expect.poll(() => asked).toBe(1);
  await expect(card.getByRole("button", { name: "Pause phrase 2" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Pause audio" }).locator("svg.animate-spin")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __events: unknown[] }).__events)).toEqual([]);

  release();
  await expect(card.locator('li[aria-current="true"]')).toHaveAttribute("data-phrase", "2");
  // It plays the second phrase from its cue and pauses by itself at the phrase's end.
  await expect(card.getByRole("button", { name: "Play phrase 2" })).toBeVisible({ timeout: 10_000 });
  const events = await page.evaluate(() => (window as unknown as { __events: { type: string; at: number }[] }).__events);
  const started = events.find((e) => e.type === "play")!;
  const paused = events.findLast((e) => e.type === "pause")!;
  expect(Math.abs(started.at - start), `started at ${started.at}, cue start ${start}`).toBeLessThanOrEqual(0.15);
  expect(paused.at, `paused at ${paused.at}, cue end ${end}`).toBeGreaterThanOrEqual(end - 0.05);
  expect(paused.at, `paused at ${paused.at}, cue end ${end}`).toBeLessThanOrEqual(end + 0.25);
  expect(asked).toBe(1);
});

test("the lesson's keys work before the engine is loaded: Space plays the first card", anyWidth, async ({ page }) => {
  const requested = scripts(page);
  await page.goto(lesson);
  await page.waitForLoadState("networkidle");
  expect(requested.filter((path) => deferred.engine.test(path))).toEqual([]);
  const card = page.getByRole("region", { name: "Audio 1" });
  // The page itself has the focus (not a player: that would load the engine).
  await page.locator("h1").click();
  expect(requested.filter((path) => deferred.engine.test(path))).toEqual([]);
  // Space loads the engine and plays the first card.
  await page.keyboard.press(" ");
  await expect(card.getByRole("button", { name: "Pause audio" })).toBeVisible();
  expect(requested.filter((path) => deferred.engine.test(path))).toHaveLength(1);
  await page.keyboard.press(" ");
  await expect(card.getByRole("button", { name: "Play audio" })).toBeVisible();
});

test("a lesson page opened as a document hydrates without React Router, in at most 120 KB of scripts", anyWidth, async ({ page }) => {
  // What the browser fetched of each script, compressed as the bench counts it (gzip level 9).
  const fetched: { path: string; gzip: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) fetched.push({ path: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(lesson);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window)).toBe(false);
  expect(fetched.map((file) => file.path).filter((path) => /\/assets\/(router|shell|entry\.client)-/.test(path))).toEqual([]);
  expect(fetched.some((file) => /\/assets\/lesson-document-[\w-]+\.js$/.test(file.path))).toBe(true);
  const total = fetched.reduce((sum, file) => sum + file.gzip, 0);
  expect(total / 1024, fetched.map((file) => `${file.path} ${file.gzip}`).join("\n")).toBeLessThanOrEqual(120);

  // Interactive: the player answers, and a link leads to a page that React Router hydrates, as a document.
  await page.getByRole("button", { name: "Show all translations" }).click();
  await expect(page.getByRole("button", { name: "Hide all translations" })).toBeVisible();
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Languages" }).click();
  await expect(page).toHaveURL(/\/languages$/);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated") && "__reactRouterDataRouter" in window);
});

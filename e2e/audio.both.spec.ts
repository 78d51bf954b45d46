import type { Page } from "@playwright/test";
import { expect, test } from "#e2e/support/fixtures.ts";

/**
 * Records what the page asks of its media elements, so the tests can check real playback (which element plays,
 * at what rate, from where) rather than only the buttons' labels.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const log: { plays: string[]; ended: number } = { plays: [], ended: 0 };
    (window as unknown as { __audio: typeof log }).__audio = log;
    const media: HTMLMediaElement[] = [];
    (window as unknown as { __media: HTMLMediaElement[] }).__media = media;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!media.includes(this)) {
        media.push(this);
        this.addEventListener("ended", () => log.ended++);
      }
      log.plays.push(this.src);
      return play.call(this);
    };
  });
});

const playing = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __media: HTMLMediaElement[] }).__media.filter((m) => !m.paused).map((m) => ({ src: m.src, rate: m.playbackRate, time: m.currentTime })),
  );

test("a lesson's audio cards play one at a time, seek and change speed", async ({ page }) => {
  await page.goto("/spanish/a1/greetings");
  const [first, second] = [page.getByRole("region", { name: "Audio 1" }), page.getByRole("region", { name: "Audio 2" })];

  await first.getByRole("button", { name: "Play audio" }).click();
  await expect(first.getByRole("button", { name: "Pause audio" })).toBeVisible();
  await expect.poll(async () => (await playing(page)).length).toBe(1);
  const slider = first.getByRole("slider", { name: "Playback position" });
  await expect.poll(async () => Number(await slider.getAttribute("aria-valuemax"))).toBeGreaterThan(0);

  // Starting the second card pauses the first and resets it to the start.
  await second.getByRole("button", { name: "Play audio" }).click();
  await expect(second.getByRole("button", { name: "Pause audio" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Play audio" })).toBeVisible();
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  const now = await playing(page);
  expect(now).toHaveLength(1);
  expect(now[0]!.src).toContain("greetings-2");

  // Speed: the choice is applied to the playing audio.
  await second.getByRole("button", { name: "0.75×" }).click();
  await expect(second.getByRole("button", { name: "0.75×" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(async () => (await playing(page))[0]?.rate).toBe(0.75);

  // Seek: clicking the middle of the progress bar moves playback to about half the duration.
  const secondSlider = second.getByRole("slider", { name: "Playback position" });
  const box = (await secondSlider.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const duration = Number(await secondSlider.getAttribute("aria-valuemax"));
  await expect.poll(async () => (await playing(page))[0]?.time ?? 0).toBeGreaterThanOrEqual(duration / 2 - 0.5);

  // Seek buttons move by 10 seconds within the audio; back from the middle returns to the start.
  await second.getByRole("button", { name: "Back 10 seconds" }).click();
  await expect.poll(async () => (await playing(page))[0]?.time ?? 99).toBeLessThan(1.5);

  await second.getByRole("button", { name: "Pause audio" }).click();
  await expect(second.getByRole("button", { name: "Play audio" })).toBeVisible();
  await expect.poll(async () => (await playing(page)).length).toBe(0);
});

test("playback end resets the card, and repeat plays the audio again first", async ({ page }) => {
  await page.goto("/spanish/a1/greetings");
  const card = page.getByRole("region", { name: "Audio 2" });
  await card.getByRole("button", { name: "Repeat: once" }).click();
  await expect(card.getByRole("button", { name: "Repeat: 2 times" })).toBeVisible();
  await card.getByRole("button", { name: "1.25×" }).click();
  await card.getByRole("button", { name: "Play audio" }).click();
  const slider = card.getByRole("slider", { name: "Playback position" });
  await expect.poll(async () => Number(await slider.getAttribute("aria-valuemax"))).toBeGreaterThan(0);
  await slider.focus();
  await page.keyboard.press("End");
  // The first pass ends; the second starts over and keeps playing.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __audio: { ended: number } }).__audio.ended), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await expect(card.getByRole("button", { name: "Pause audio" })).toBeVisible();
  // After the second pass the card is back at rest.
  await expect(card.getByRole("button", { name: "Play audio" })).toBeVisible({ timeout: 15_000 });
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
});

test("each phrase toggles its translation, by mouse and keyboard", async ({ page }) => {
  await page.goto("/spanish/a1/greetings");
  const card = page.getByRole("region", { name: "Audio 1" });
  const phrase = card.getByRole("button", { name: "Buenos días.", exact: true });
  const translation = card.getByText("Good morning.", { exact: true });
  await expect(translation).toBeHidden();
  await phrase.click();
  await expect(phrase).toHaveAttribute("aria-expanded", "true");
  await expect(translation).toBeVisible();
  await phrase.press("Enter");
  await expect(translation).toBeHidden();
  await phrase.press("Space");
  await expect(translation).toBeVisible();
});

test("a card collapses and opens again", async ({ page }) => {
  await page.goto("/spanish/a1/greetings");
  const card = page.getByRole("region", { name: "Audio 1" });
  await expect(card.getByRole("button", { name: "Buenos días.", exact: true })).toBeVisible();
  const toggle = card.getByRole("button", { expanded: true }).first();
  await toggle.click();
  await expect(card.getByRole("button", { name: "Buenos días.", exact: true })).toBeHidden();
  // Collapsed, the card is as tall as what it shows, also beside an open card in the two-column grid (lg).
  const emptySpace = () =>
    card.evaluate((el) => {
      const content = [...el.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0);
      return el.getBoundingClientRect().height - content;
    });
  await expect.poll(emptySpace).toBeLessThanOrEqual(2);
  const [collapsed, open] = await Promise.all([card.boundingBox(), page.getByRole("region", { name: "Audio 2" }).boundingBox()]);
  expect(collapsed!.height).toBeLessThan(open!.height);
  await card.getByRole("button", { expanded: false }).first().click();
  await expect(card.getByRole("button", { name: "Buenos días.", exact: true })).toBeVisible();
});

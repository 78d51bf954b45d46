import type { Page } from "@playwright/test";
import { expect } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

/** Shared steps of the Phrases tab specs (desktop and mobile). */

export const phrasesServer = servers.phrases.url;

/** Records the page's media elements, so tests check real playback, not only button labels. */
export async function recordMedia(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
    const media: HTMLMediaElement[] = [];
    (window as unknown as { __media: HTMLMediaElement[] }).__media = media;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!media.includes(this)) media.push(this);
      return play.call(this);
    };
  });
}

export const playing = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __media: HTMLMediaElement[] }).__media
      .filter((m) => !m.paused)
      .map((m) => ({ src: new URL(m.src).pathname, rate: m.playbackRate, time: m.currentTime })),
  );

export { expectToast } from "#e2e/support/admin-dialogs.ts";

/** Opens language > level > lesson in the accordions. */
export async function openLesson(page: Page, language: string, level: string, lesson: string) {
  for (const name of [language, level, lesson]) {
    const trigger = page.getByRole("button", { name: new RegExp(`^${name}\\b`) }).first();
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
  }
}

export function group(page: Page, title: string) {
  return page.getByRole("region", { name: title, exact: true });
}

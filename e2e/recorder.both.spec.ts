import type { Page, Request } from "@playwright/test";
import { chromiumArgs, chromiumLaunchOptions } from "#e2e/support/chromium.ts";
import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { reviewFixture } from "#e2e/support/profiles/review.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * Record and compare (issue 26 part 4) at 1280 px (desktop) and 390 px (mobile), with Chromium's fake microphone (a
 * beep): a take is recorded, played, drawn, compared with the native phrase, kept across a reload and deleted; a
 * refused microphone shows how to allow it; and nothing the learner says ever goes to the server. The review server's
 * lesson has a cue per phrase, so the native waveform is the phrase's own slice of its group's audio.
 */

// Chromium's fake microphone, and its permission prompt refused: a test that may record grants the permission to its
// context, as a learner who allowed the site would have (launch options are the same for the whole file).
test.use({
  baseURL: servers.review.url,
  launchOptions: { ...chromiumLaunchOptions, args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--deny-permission-prompts"] },
});

const shots = "/work/notes/shots/recorder";
const recorderCode = /\/assets\/recorder-dialog-[\w-]+\.js$/;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

/** Every request the page makes from now on. */
function watchRequests(page: Page) {
  const seen: Request[] = [];
  page.on("request", (request) => seen.push(request));
  return seen;
}

/** Nothing sent: only GETs (the page's code and the native audio), none with a body, none to anywhere but the site. */
function expectNothingSent(requests: Request[]) {
  const sent = requests.filter((request) => request.method() !== "GET" || request.postDataBuffer() !== null);
  expect(sent.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  const elsewhere = requests.filter((request) => !request.url().startsWith(servers.review.url) && !request.url().startsWith("blob:") && !request.url().startsWith("data:"));
  expect(elsewhere.map((request) => request.url())).toEqual([]);
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Record and compare" });

async function recordTake(page: Page) {
  const recorder = dialog(page);
  await recorder.getByRole("button", { name: /^Record( again)?$/ }).click();
  await expect(recorder.locator("[data-recording]")).toBeVisible();
  // A take of two seconds or more: the clock says so.
  await expect(recorder.locator("[data-recording]")).toContainText(/0:0[2-9]/, { timeout: 10_000 });
  await recorder.getByRole("button", { name: "Stop recording" }).click();
  await expect(recorder.locator("[data-recording]")).toHaveCount(0);
  await expect(recorder.getByRole("status")).toHaveText("Take recorded and kept on this device.");
  await expect(recorder.locator("canvas[data-waveform=take]")).toHaveAttribute("data-drawn", "");
}

test.describe("with a microphone", () => {
  test.use({ permissions: ["microphone"] });

  test("on the lesson page: record, play, compare, keep across a reload, delete; nothing is uploaded", async ({ page }) => {
    // Five takes of two seconds and their playback, beside the review server's other suites.
    test.setTimeout(120_000);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(reviewFixture.lesson);
    // The first visit fetches none of the recorder's code.
    expect(scripts.filter((path) => recorderCode.test(path))).toEqual([]);

    const requests = watchRequests(page);
    await page.getByRole("button", { name: "Record and compare: Buenos días" }).click();
    const recorder = dialog(page);
    await expect(recorder).toBeVisible();
    expect(scripts.some((path) => recorderCode.test(path)), "the recorder loads on first use").toBe(true);
    await expect(recorder.getByText("Your recordings stay on this device, in this browser. They are never uploaded.")).toBeVisible();
    await expect(recorder.getByText("No take yet. Record yourself saying the phrase.")).toBeVisible();
    // The native phrase's own slice, drawn, with a text alternative that says how long it is.
    const native = recorder.locator("canvas[data-waveform=native]");
    await expect(native).toHaveAttribute("data-drawn", "");
    await expect(native).toHaveAttribute("aria-label", /^Waveform: the native phrase, \d+(\.\d)? seconds?$/);

    await recordTake(page);
    await expect(recorder.locator("canvas[data-waveform=take]")).toHaveAttribute("aria-label", /^Waveform: your take, \d+(\.\d)? seconds$/);
    await expectNoAxeViolations(page);
    const size = page.viewportSize()!;
    await recorder.screenshot({ path: `${shots}/lesson-recorder-${size.width}.png` });
    await page.screenshot({ path: `${shots}/lesson-page-${size.width}.png` });

    // My take plays to its end.
    await recorder.getByRole("button", { name: "Play my take" }).click();
    await expect(recorder.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(recorder.getByText("Playing your take…")).toBeVisible();
    await expect(recorder.getByRole("button", { name: "Play my take" })).toBeVisible({ timeout: 10_000 });

    // Compare: the native phrase, then my take.
    await recorder.getByRole("button", { name: "Compare" }).click();
    await expect(recorder.getByText("Playing the native phrase…")).toBeVisible();
    await expect(recorder.getByText("Playing your take…")).toBeVisible({ timeout: 10_000 });
    await expect(recorder.getByRole("button", { name: "Play my take" })).toBeVisible({ timeout: 10_000 });
    await expect(recorder.getByRole("button", { name: "Delete all my recordings (1)" })).toBeVisible();

    // Kept in the browser across a reload.
    await page.reload();
    await page.getByRole("button", { name: "Record and compare: Buenos días" }).click();
    await expect(dialog(page).locator("canvas[data-waveform=take]")).toHaveAttribute("data-drawn", "");
    await expect(dialog(page).getByRole("button", { name: "Record again" })).toBeVisible();

    // Deleted, and still gone after a reload.
    await dialog(page).getByRole("button", { name: "Delete my take" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText("Take deleted.");
    await expect(dialog(page).getByText("No take yet. Record yourself saying the phrase.")).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: /Delete all my recordings/ })).toHaveCount(0);
    await page.reload();
    await page.getByRole("button", { name: "Record and compare: Buenos días" }).click();
    await expect(dialog(page).getByText("No take yet. Record yourself saying the phrase.")).toBeVisible();

    // Two takes, then "Delete all".
    await recordTake(page);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Record and compare: Hola" }).click();
    await recordTake(page);
    await dialog(page).getByRole("button", { name: "Delete all my recordings (2)" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText("All your recordings are deleted.");
    await expect(dialog(page).getByText("No take yet. Record yourself saying the phrase.")).toBeVisible();
    expect(await page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open("phrasewise-recordings");
      open.onsuccess = () => {
        const count = open.result.transaction("takes").objectStore("takes").count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(0);

    expectNothingSent(requests);
  });

  test("on the review card's answer: record and compare the phrase", async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const response = await page.context().request.post(`${servers.review.url}/api/auth/sign-in/email`, {
      data: reviewFixture.learner(testInfo.project.name, "recorder"),
      headers: { origin: servers.review.url },
    });
    expect(response.status()).toBe(200);
    await page.goto("/review");
    await expect(page.locator("[data-review-original]")).toHaveText("Adiós");
    const requests = watchRequests(page);
    await page.getByText("Show answer").click();
    await page.getByRole("button", { name: "Record and compare" }).click();
    await expect(dialog(page).getByText("Adiós")).toBeVisible();
    await recordTake(page);
    await dialog(page).getByRole("button", { name: "Compare" }).click();
    await expect(dialog(page).getByText("Playing your take…")).toBeVisible({ timeout: 10_000 });
    await dialog(page).getByRole("button", { name: "Delete my take" }).click();
    await expect(dialog(page).getByRole("status")).toHaveText("Take deleted.");
    // Closing the recorder leaves the card as it was: still unrated, its ratings in reach.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: /^Good/ })).toBeVisible();
    expectNothingSent(requests);
  });
});

test.describe("with the microphone refused", () => {
  // No permission granted: the browser's prompt is refused (--deny-permission-prompts), as a learner who said no.

  test("the recorder says how to allow the microphone, and records nothing", async ({ page }) => {
    await page.goto(reviewFixture.lesson);
    const requests = watchRequests(page);
    await page.getByRole("button", { name: "Record and compare: Hola" }).click();
    await dialog(page).getByRole("button", { name: "Record", exact: true }).click();
    await expect(dialog(page).getByRole("alert")).toHaveText(
      "The microphone is blocked for this site. Allow it in your browser's site settings (the icon next to the address), then try again.",
    );
    await expect(dialog(page).getByText("No take yet. Record yourself saying the phrase.")).toBeVisible();
    const size = page.viewportSize()!;
    await dialog(page).screenshot({ path: `${shots}/refused-${size.width}.png` });
    expectNothingSent(requests);
  });
});

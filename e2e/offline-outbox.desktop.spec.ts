import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { learningFixture, type LearnerTest } from "#e2e/support/profiles/learning.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * Issue 26, offline writes: a learner on the lesson page who loses the connection marks the lesson complete and
 * saves a favourite; both wait in the browser's outbox (IndexedDB), shown as waiting, and are sent through the sync
 * push once the connection returns: once each, by one tab of several, and also after the tab that made them was
 * closed. The server's state is read back through the app API's pull with the page's own session.
 * Each test has its own learner on the learning server (e2e/support/profiles/learning.ts).
 */

// Offline, the outbox's code comes from the service worker's cache (playwright.config.ts blocks the worker elsewhere).
test.use({ baseURL: servers.learning.url, serviceWorkers: "allow" });

const lessonPath = "/spanish/a1/greetings";
const shots = "/work/notes/shots/offline-outbox";

test.beforeEach(async ({ page }) => {
  // Several tabs, each waiting for hydration, on a machine that runs other suites beside this one.
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

async function signIn(context: BrowserContext, learner: LearnerTest) {
  const response = await context.request.post(`${servers.learning.url}/api/auth/sign-in/email`, {
    data: learningFixture.learner("desktop", learner),
    headers: { origin: servers.learning.url },
  });
  expect(response.status()).toBe(200);
}

/** Every sync push any page of the context sends. */
function countPushes(context: BrowserContext) {
  const pushes: string[] = [];
  context.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/sync/push") pushes.push(request.postData() ?? "");
  });
  return pushes;
}

/** A tab on the lesson with the learner's own state shown (their controls, not the placeholders). */
async function openLesson(page: Page) {
  await page.goto(lessonPath);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: /Mark as (not )?complete/ })).toBeVisible();
  // The worker registers once the page is idle: done before a test goes offline, or its script's fetch fails there.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

const status = (page: Page) => page.locator("[data-sync-status]");
const waitingStatus = (page: Page) => page.getByText(/changes? waiting to sync/);

/** The learner's rows as the server has them (the app API's pull, with the page's session cookie). */
async function serverState(page: Page) {
  const response = await page.request.get("/api/v1/sync/pull");
  expect(response.status()).toBe(200);
  const { changes } = (await response.json()) as {
    changes: { progress: { upserted: { lessonId: string; completed: boolean }[] }; favorites: { upserted: { phraseId: string }[] } };
  };
  return { completions: changes.progress.upserted.filter((row) => row.completed).map((row) => row.lessonId), favorites: changes.favorites.upserted.length };
}

test("a completion and a favorite made offline wait, then are sent once by one of two tabs when the connection returns", async ({ page, context }) => {
  await signIn(context, "offline-tabs");
  const pushes = countPushes(context);
  await openLesson(page);
  const second = await context.newPage();
  await openLesson(second);
  // The favorite button is in a player, and pointing at a player loads the audio engine (a chunk of its own): here
  // while online, as the service worker (not part of this test) would have it cached.
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("/assets/audio-controller")),
    page.getByRole("button", { name: "Favorite: Hola" }).hover(),
  ]);

  await context.setOffline(true);
  await expect(page.getByText("Offline", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mark as complete" }).click();
  await expect(page.getByText("You completed this lesson.")).toBeVisible();
  await expect(page.getByText("Waiting to sync", { exact: true })).toBeVisible();
  await expect(waitingStatus(page)).toHaveText("1 change waiting to sync");
  const favorite = page.getByRole("button", { name: "Favorite: Hola" });
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  await expect(waitingStatus(page)).toHaveText("2 changes waiting to sync");
  // The other tab hears of them (the same outbox) and shows them too.
  await expect(waitingStatus(second)).toHaveText("2 changes waiting to sync");
  await expect(second.getByText("You completed this lesson.")).toBeVisible();
  await expectNoAxeViolations(page);
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/waiting-1280.png` });
  expect(pushes).toEqual([]);

  await context.setOffline(false);
  for (const tab of [page, second]) {
    await expect(waitingStatus(tab)).toHaveCount(0);
    await expect(tab.getByText("Offline", { exact: true })).toHaveCount(0);
    await expect(tab.getByText("Waiting to sync", { exact: true })).toHaveCount(0);
    await expect(tab.getByText("You completed this lesson.")).toBeVisible();
    await expect(tab.getByRole("button", { name: "Favorite: Hola" })).toHaveAttribute("aria-pressed", "true");
  }
  expect(await serverState(page)).toEqual({ completions: ["greetings"], favorites: 1 });
  // One push per change, from one tab: the other found nothing left to send.
  expect(pushes).toHaveLength(2);
  expect(pushes.map((body) => (JSON.parse(body) as { changes: { type: string }[] }).changes[0]!.type)).toEqual(["progress.set", "favorite.add"]);
  // A reload shows the server's state, with nothing waiting.
  await page.reload();
  await expect(page.getByText("You completed this lesson.")).toBeVisible();
  await expect(status(page)).toHaveText("");
  expect(pushes).toHaveLength(2);
});

test("a completion made offline in a tab closed before the connection returned is sent by the next tab", async ({ page, context }) => {
  await signIn(context, "offline-closed");
  const pushes = countPushes(context);
  await openLesson(page);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Mark as complete" }).click();
  await expect(waitingStatus(page)).toHaveText("1 change waiting to sync");
  await page.close();

  await context.setOffline(false);
  expect(pushes).toEqual([]);
  const later = await context.newPage();
  await openLesson(later);
  await expect(later.getByText("You completed this lesson.")).toBeVisible();
  await expect(waitingStatus(later)).toHaveCount(0);
  await expect(later.getByText("Waiting to sync", { exact: true })).toHaveCount(0);
  expect(await serverState(later)).toEqual({ completions: ["greetings"], favorites: 0 });
  expect(pushes).toHaveLength(1);
});

test("a write whose request fails while the browser believes it is online waits too, and taking it back offline keeps the last intent", async ({
  page,
  context,
  pageErrors,
}) => {
  await signIn(context, "offline");
  const pushes = countPushes(context);
  await openLesson(page);
  // The connection drops under the page without the browser noticing: the action's request and the push fail.
  await page.route("**/*.data*", (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
  await page.route("**/api/v1/sync/push", (route) => route.abort("internetdisconnected"));
  const favorite = page.getByRole("button", { name: "Favorite: Hola" });
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  await expect(waitingStatus(page)).toHaveText("1 change waiting to sync");
  // Offline now: saved, then taken back; only the last intent waits.
  await context.setOffline(true);
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "false");
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  await expect(waitingStatus(page)).toHaveText("1 change waiting to sync");

  await page.unrouteAll();
  const triedBefore = pushes.length;
  await context.setOffline(false);
  await expect(waitingStatus(page)).toHaveCount(0);
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  expect(await serverState(page)).toEqual({ completions: [], favorites: 1 });
  expect(pushes.length - triedBefore).toBe(1);
  // The requests the test broke, and nothing else, are the console's errors.
  const broken = pageErrors.filter((error) => /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error));
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !broken.includes(error)));
});

test("a reload of the learner's state that fails because the connection dropped keeps the page and that state", async ({ page, context, pageErrors }) => {
  await signIn(context, "offline-refresh");
  const pushes = countPushes(context);
  await openLesson(page);
  // The connection drops for the page's reads (through the service worker too), not for the push: the write is sent
  // at once, and the page then reads the viewer again, which fails. The lesson document reads no page data (.data):
  // its content is the page's (docs/decisions/020-lesson-document.md).
  const failedReads: string[] = [];
  context.on("requestfailed", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".data") || path === "/api/viewer") failedReads.push(path);
  });
  await context.route(/\.data(\?|$)|\/api\/viewer\?/, (route) => route.abort("internetdisconnected"));
  const favorite = page.getByRole("button", { name: "Favorite: Hola" });
  await favorite.click();
  await expect.poll(() => pushes.length).toBe(1);
  await expect.poll(() => failedReads.filter((path) => path === "/api/viewer").length).toBeGreaterThan(0);
  expect(failedReads.filter((path) => path.endsWith(".data"))).toEqual([]);
  await expect(waitingStatus(page)).toHaveCount(0);
  // Still the lesson, still this learner's: not the error page, not a visitor's.
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Saludos" })).toBeVisible();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Mark as complete" })).toBeVisible();
  expect(await serverState(page)).toEqual({ completions: [], favorites: 1 });

  // Back online, the next reload shows the server's state.
  await context.unrouteAll();
  await page.reload();
  await expect(page.getByRole("button", { name: "Favorite: Hola" })).toHaveAttribute("aria-pressed", "true");
  // The requests the test broke (the service worker answers a failed read with a network error: ERR_FAILED), and
  // nothing else, are the console's errors.
  const broken = pageErrors.filter((error) => /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(error));
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !broken.includes(error)));
});

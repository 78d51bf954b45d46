import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "#e2e/support/chromium.ts";
import { expect, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * Offline lessons and the service worker (issue 26, parts 1 and 2; docs/decisions/014-offline.md), in Chromium
 * against the production build: a downloaded lesson opens, plays and seeks with the network off; nothing of a
 * locked lesson reaches any cache; a new build's worker replaces the old one on the next visit.
 */

// The service worker is what this spec is about (playwright.config.ts blocks it elsewhere).
test.use({ baseURL: servers.offline.url, serviceWorkers: "allow" });

const lesson = "/spanish/a1/greetings";
const level = "/spanish/a1";
const lockedLesson = "/spanish/a1/asking-directions";
const shots = "/work/notes/shots/offline";

/** Resolves once a service worker controls the page (it registers after load, when the browser is idle). */
async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The build id the controlling worker reports. */
function workerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const worker = navigator.serviceWorker.controller;
        if (!worker) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve((event.data as { version: string }).version);
        worker.postMessage({ type: "version" }, [channel.port2]);
      }),
  );
}

/** Every address in every cache of the page's origin, by cache. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return all;
  });
}

/**
 * The network being off makes the page's own fetches (the viewer, the live channel; a page's data or script that the
 * worker has no copy of, which it answers with a network error: ERR_FAILED, and the router then loads the page as a
 * document) fail: expected here, not errors.
 */
function forgiveOfflineErrors(errors: string[]) {
  const kept = errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|NetworkError|Error loading route module/.test(error));
  errors.splice(0, errors.length, ...kept);
}

test("the lesson page is installable: Chromium finds nothing missing, the manifest, its icons and the worker alike", async () => {
  // Chromium's own check (Lighthouse no longer has one), in a profile of its own: a test's usual context is off the
  // record, where Chromium stops at that reason and checks nothing else.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-install-"));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions, baseURL: servers.offline.url });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(lesson);
    await waitForHydration(page);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("a downloaded lesson opens offline, and a phrase plays and seeks from its stored audio", async ({ page, context, pageErrors }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __media: HTMLMediaElement[] };
    w.__media = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!w.__media.includes(this)) w.__media.push(this);
      return play.call(this);
    };
  });
  await page.goto(lesson);
  await waitForHydration(page);
  await waitForServiceWorker(page);

  await page.getByRole("button", { name: "Download for offline" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Downloaded for offline" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/used on this device/)).toBeVisible();
  await page.screenshot({ path: `${shots}/lesson-downloaded-desktop.png` });
  const downloads = (await cachedAddresses(page))["phrasewise-downloads"] ?? [];
  const origin = new URL(page.url()).origin;
  expect(downloads).toContain(`${origin}${lesson}`);
  expect(downloads).toContain(`${origin}${lesson}.data`);
  expect(downloads.some((url) => url.includes("/storage/")), "the lesson's audio is stored").toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe(lesson);
    const card = page.getByRole("region", { name: "Audio 1" });
    await expect(card).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Downloaded for offline" })).toBeVisible();

    // It plays from the stored file, and seeks in it (the slider's arrow keys move one second).
    await card.getByRole("button", { name: "Play audio" }).click();
    await expect(card.getByRole("button", { name: "Pause audio" })).toBeVisible();
    const slider = card.getByRole("slider", { name: "Playback position" });
    await expect.poll(async () => Number(await slider.getAttribute("aria-valuemax"))).toBeGreaterThan(3);
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => (window as unknown as { __media: HTMLMediaElement[] }).__media[0]?.currentTime ?? 0)).toBeGreaterThan(2);
    expect(await page.evaluate(() => (window as unknown as { __media: HTMLMediaElement[] }).__media[0]?.error)).toBeNull();
    await card.getByRole("button", { name: "Pause audio" }).click();
    // The stored audio answers a range, as media elements ask when they seek.
    const audioPath = new URL(downloads.find((address) => address.includes("/storage/"))!).pathname;
    const range = await page.evaluate(async (address) => {
      const response = await fetch(address, { headers: { Range: "bytes=10-19" } });
      return { status: response.status, length: (await response.arrayBuffer()).byteLength, contentRange: response.headers.get("content-range") };
    }, audioPath);
    expect(range.status).toBe(206);
    expect(range.length).toBe(10);
    expect(range.contentRange).toMatch(/^bytes 10-19\//);
    await page.screenshot({ path: `${shots}/lesson-offline-desktop.png` });

    // A page neither downloaded nor visited: the offline page, which lists the downloaded lesson.
    await page.goto("/spanish/b1");
    await expect(page.getByRole("heading", { name: "You're offline" })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByRole("list", { name: "Downloaded lessons" }).getByRole("link")).toHaveCount(1);
    await page.screenshot({ path: `${shots}/offline-page-desktop.png` });
  } finally {
    await context.setOffline(false);
    forgiveOfflineErrors(pageErrors);
  }
});

test("a visited page stays readable offline", async ({ page, context, pageErrors }) => {
  await page.goto("/");
  await waitForHydration(page);
  await waitForServiceWorker(page);
  await page.goto("/faq");
  await waitForHydration(page);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
  } finally {
    await context.setOffline(false);
    forgiveOfflineErrors(pageErrors);
  }
});

test("a link followed offline opens the page's visited copy, or the offline page for one never visited", async ({ page, context, pageErrors }) => {
  await page.goto("/");
  await waitForHydration(page);
  await waitForServiceWorker(page);
  // A lesson's page, visited: the worker keeps its copy.
  await page.goto(lesson);
  await page.goto("/faq");
  await waitForHydration(page);
  const faqHeading = await page.getByRole("heading", { level: 1 }).textContent();
  await page.goto(level);
  await waitForHydration(page);
  await context.setOffline(true);
  try {
    // A link to a lesson never opened: a lesson opens as a document (docs/decisions/020-lesson-document.md), and the
    // worker has nothing of it but the offline page, which names it.
    await page.getByRole("link", { name: /At the Café/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page).toHaveURL(/\/offline\?from=%2Fspanish%2Fa1%2Fat-the-cafe$/);
    await waitForHydration(page);
    // To a page visited before: its copy, not the error page.
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(faqHeading ?? "");
    await waitForHydration(page);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    forgiveOfflineErrors(pageErrors);
  }
});

test("a link whose page data alone finds no connection loads the page as a document, not the error page", async ({ page, context, pageErrors }) => {
  await page.goto("/");
  await waitForHydration(page);
  // Only the FAQ's own data fails (the root's answers): the public layout's error boundary is the one that catches it.
  await context.route(/\/faq\.data\?_routes=routes%2Fpublic%2Ffaq/, (route) => route.abort("internetdisconnected"));
  try {
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  } finally {
    await context.unrouteAll();
    forgiveOfflineErrors(pageErrors);
  }
});

test("nothing of a locked lesson reaches any cache, even after downloading the whole level", async ({ page, pageErrors }) => {
  await page.goto(level);
  await waitForHydration(page);
  await waitForServiceWorker(page);
  // Visited: the server sends the promo instead.
  await page.goto(lockedLesson);
  await expect(page).toHaveURL(/\/locked-content\?/);
  // Its data and API answer asked for directly, as a client navigation or an app would.
  await page.evaluate(async (path) => {
    await fetch(`${path}.data`).catch(() => {});
    await fetch(`/api/v1/languages/spanish/levels/a1/lessons/asking-directions`).catch(() => {});
  }, lockedLesson);
  // The API's refusal (403) is what this test asks for, not a page error.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((error) => !error.includes("403 (Forbidden)")));
  await page.goto(level);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Download level for offline" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Level downloaded for offline" })).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${shots}/level-downloaded-desktop.png` });

  const cached = await cachedAddresses(page);
  const everything = Object.values(cached).flat();
  expect(everything.some((url) => url.endsWith(`${level}/greetings`)), "the open lessons were downloaded").toBe(true);
  // Only the public promo that stands in for it may be kept (/locked-content, which names it and shows its title).
  expect(everything.filter((url) => new URL(url).pathname.startsWith(lockedLesson))).toEqual([]);
  // Nor any of its audio: the API names it for no one, so compare with the addresses the open lessons use.
  const index = await page.evaluate(async () => {
    const cache = await caches.open("phrasewise-download-index");
    return Promise.all((await cache.keys()).map(async (key) => (await (await cache.match(key))!.json()) as { path: string; files: string[] }));
  });
  expect(index.map((record) => record.path).sort()).toEqual([`${level}/at-the-cafe`, `${level}/greetings`]);
  const audioFiles = everything.filter((url) => url.includes("/storage/"));
  const allowed = new Set(index.flatMap((record) => record.files).filter((file) => file.startsWith("/storage/")));
  for (const url of audioFiles) expect(allowed.has(new URL(url).pathname), `${url} belongs to an open lesson`).toBe(true);
  // No private answer either.
  expect(everything.filter((url) => /\/api\/|\/profile|\/auth|\/admin/.test(new URL(url).pathname))).toEqual([]);

  // Remove from the profile's list is covered by the offline page's; here the level's own Remove.
  await page.getByRole("button", { name: "Remove download" }).click();
  await expect(page.getByRole("button", { name: "Download level for offline" })).toBeVisible();
  const after = await cachedAddresses(page);
  expect(after["phrasewise-downloads"] ?? []).toEqual([]);
});

// ---- A new build replaces the old worker on the next visit ----

const root = process.cwd();
/** Beside the suite's servers (e2e/support/servers.ts): offset 19 is this spec's own. */
const port = Number(process.env.E2E_PORT_BASE ?? 3310) + 19;
const url = `http://127.0.0.1:${port}`;

/** A copy of the build beside links to everything else, so the copy's worker can change without touching build/. */
function copyOfBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-offline-build-"));
  for (const entry of fs.readdirSync(root)) {
    if (entry === "build") fs.cpSync(path.join(root, "build"), path.join(dir, "build"), { recursive: true });
    else fs.symlinkSync(path.join(root, entry), path.join(dir, entry));
  }
  return dir;
}

async function startServer(dir: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, "server/main.ts")], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, SEED_DEMO: "false", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect
    .poll(async () => fetch(`${url}/api/settings`).then((r) => r.status, () => 0), { timeout: 90_000, intervals: [200] })
    .toBe(200);
  return child;
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

test("a new build's service worker replaces the old one on the next visit", async ({ page }) => {
  test.setTimeout(240_000);
  const dir = copyOfBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "phrasewise-offline-data-"));
  const worker = path.join(dir, "build/client/sw.js");
  const firstVersion = /`([0-9a-f]{16})`/.exec(fs.readFileSync(worker, "utf8"))?.[1];
  expect(firstVersion, "the built worker carries its build id").toBeTruthy();
  let server = await startServer(dir, dataDir);
  try {
    await page.goto(`${url}/`);
    await waitForHydration(page);
    await waitForServiceWorker(page);
    expect(await workerVersion(page)).toBe(firstVersion);
    const headers = (await page.request.get(`${url}/sw.js`)).headers();
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers["content-security-policy"]).toMatch(/^default-src 'self'/);

    // The second build: the same files with another id, as a build of changed code would have.
    await stopServer(server);
    const secondVersion = "0123456789abcdef";
    fs.writeFileSync(worker, fs.readFileSync(worker, "utf8").replaceAll(firstVersion!, secondVersion));
    for (const twin of [".br", ".gz"]) fs.rmSync(`${worker}${twin}`, { force: true });
    server = await startServer(dir, dataDir);

    await page.goto(`${url}/languages`);
    await waitForHydration(page);
    await expect.poll(() => workerVersion(page), { timeout: 30_000 }).toBe(secondVersion);
    // The old build's offline page went with it.
    await expect
      .poll(async () => (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith("phrasewise-offline-")))
      .toEqual([`phrasewise-offline-${secondVersion}`]);
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

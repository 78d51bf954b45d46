import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { adminAreaFixture } from "#e2e/support/servers.ts";

/**
 * Fails a test whose page logged a console error or threw an uncaught exception. With JavaScript on, `page.goto`
 * and `page.reload` also wait until React has hydrated (the root marks <html data-hydrated>): pages hydrate after
 * their first paint, so a test of interactive behaviour must not act on the server-rendered page before that.
 */
let clientsInThisWorker = 0;

export const test = base.extend<{ pageErrors: string[]; signedInAsAdmin: boolean }>({
  /** `test.use({ signedInAsAdmin: true })`: every test starts with the admin-area admin's session on `baseURL`. */
  signedInAsAdmin: [false, { option: true }],
  // Each test is a client of its own (X-Forwarded-For) for the per-address limits, on the servers that trust that
  // header (the admin-area and accounts servers): sign-in allows 3 in 10 s per address, and tests that each sign in
  // run faster than that on a quiet machine. A spec that sets its own address replaces this one.
  context: async ({ context, browser, baseURL, signedInAsAdmin }, run, testInfo) => {
    const n = ++clientsInThisWorker;
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": `172.${16 + (testInfo.workerIndex % 16)}.${(n >> 8) & 255}.${n & 255}` });
    if (signedInAsAdmin) await context.addCookies(await adminCookies(browser, baseURL!, testInfo.workerIndex));
    await run(context);
  },
  page: async ({ page, javaScriptEnabled }, run) => {
    if (javaScriptEnabled !== false) {
      const hydrated = () => waitForHydration(page);
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated();
        return response;
      };
    }
    await run(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        // A document's own error status (a 404 page) is asserted by the test itself; its sub-resources are not.
        const failedLoad = message.text().startsWith("Failed to load resource");
        const isDocumentStatus = failedLoad && message.location().url === page.url();
        // The settings and blog upload tests replace or remove images (favicon, logo, hero, app screenshot, a
        // post's featured image), and a replaced file is deleted at once, while other tests' pages that show it are
        // open: that failed fetch is not those pages' error. The upload tests check that their own images load.
        const isReplacedSiteImage = failedLoad && /\/storage\/assets\/(settings|blog)\//.test(message.location().url);
        if (!isDocumentStatus && !isReplacedSiteImage) errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * For a test whose subject does not depend on the screen (a server's answer, a plain form post, keys, a redirect): it
 * runs on the desktop project only (the mobile project's grepInvert), since the phone would repeat it at about twice
 * the cost. What a phone shows differently (layout, menus, touch, the fixed bars) stays in both projects.
 */
export const anyWidth = { tag: "@any-width" };

/**
 * Resolves once React has hydrated the current document (with React Router, or as a lesson document); at once for a
 * page that is not the app's (a mailbox).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-hydrated") ||
      !("__reactRouterContext" in window || document.getElementById("lesson-document-data")),
  );
}

/** Fills and sends the sign-in form (the page is on the server to sign in to). */
export async function submitSignIn(page: Page, person: { email: string; password: string }) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
const adminSessions = new Map<string, Promise<Cookies>>();

/**
 * The admin-area admin's session on one server, signed in through the form once per worker and server and then
 * shared by the worker's tests: sign-in allows 3 attempts in 10 s per client. The sign-in is a client of its own.
 */
function adminCookies(browser: Browser, serverUrl: string, workerIndex: number) {
  let session = adminSessions.get(serverUrl);
  if (!session) {
    session = (async () => {
      const context = await browser.newContext({ baseURL: serverUrl, extraHTTPHeaders: { "X-Forwarded-For": `10.250.${workerIndex % 256}.1` } });
      const page = await context.newPage();
      await submitSignIn(page, adminAreaFixture.admin);
      await expect(page).toHaveURL(/\/admin$/);
      const cookies = await context.cookies();
      await context.close();
      return cookies;
    })();
    adminSessions.set(serverUrl, session);
  }
  return session;
}

/** Nothing on the page is wider than the viewport: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Accessibility check with axe-core: WCAG 2.1 A and AA. */
export async function expectNoAxeViolations(page: Page) {
  // Contrast is computed from what is on screen: an element mid-transition (a toast fading in) has blended colors,
  // so finite animations and transitions end first.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

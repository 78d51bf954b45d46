import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect, test } from "#e2e/support/fixtures.ts";
import { accountsFixture, servers } from "#e2e/support/servers.ts";

/**
 * The learner's own state on shared, cached pages (docs/decisions/008-shared-pages-private-viewer.md), in Chromium:
 * a learner never sees a visitor's "Sign In" while their state is on its way, a visitor never asks for it, and two
 * learners on one cached page each see only their own favourites and completion.
 */

test.use({ baseURL: servers.accounts.url });

const lesson = accountsFixture.lesson;
let client = 0;
test.beforeEach(async ({ page }, testInfo) => {
  // Each test its own client for the sign-in rate limit (the accounts server trusts X-Forwarded-For).
  client += 1;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.160.${testInfo.workerIndex}.${client}` });
  await page.addInitScript(() => localStorage.setItem("cookie_consent_level", "essential"));
});

/** Signs in through the auth library's own endpoint: the context then holds the session and the signed-in hint. */
async function signIn(context: BrowserContext, account: { email: string; password: string }) {
  const response = await context.request.post(`${servers.accounts.url}/api/auth/sign-in/email`, {
    data: account,
    headers: { origin: servers.accounts.url },
  });
  expect(response.status()).toBe(200);
  const names = (await context.cookies()).map((cookie) => cookie.name);
  expect(names).toEqual(expect.arrayContaining(["phrasewise.session_token", "phrasewise.signed_in"]));
}

/** Counts frames in which a visible "Sign In" link was on screen, from the very first one. */
async function watchForSignIn(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __signInFrames: number };
    w.__signInFrames = 0;
    const look = () => {
      const visible = [...document.querySelectorAll("a")].some((a) => a.textContent?.trim() === "Sign In" && a.checkVisibility());
      if (visible) w.__signInFrames += 1;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () => page.evaluate(() => (window as unknown as { __signInFrames: number }).__signInFrames);
}

test("a learner sees placeholders, never Sign In, while their state is on its way", async ({ page }) => {
  await signIn(page.context(), accountsFixture.learner);
  const signInFrames = await watchForSignIn(page);
  const held: Route[] = [];
  await page.route("**/api/viewer?*", (route) => {
    held.push(route);
  });
  await page.goto(lesson);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "");
  const header = page.locator("header[data-scrolled]");
  await expect(header.locator("[data-learner-placeholder]")).toBeVisible();
  // In the page, but hidden (so out of the accessibility tree too).
  const signInLinks = page.locator("a", { hasText: "Sign In" });
  await expect(signInLinks).not.toHaveCount(0);
  for (const link of await signInLinks.all()) await expect(link).toBeHidden();
  await expect(page.getByText("Track your progress.")).toBeHidden();
  await expect(page.locator("main [data-learner-placeholder]").first()).toBeVisible();
  await page.screenshot({ path: "/work/wt/shots/viewer/lesson-learner-waiting-1280.png" });

  for (const route of held.splice(0)) await route.continue();
  await expect(header.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Mark as (not )?complete/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Favorite: Hola" })).toBeVisible();
  await expect(page.locator("main [data-learner-placeholder]")).toHaveCount(0);
  expect(await signInFrames()).toBe(0);
});

test("a visitor sees Sign In at once and never asks for a viewer, also on client navigation", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/viewer") asked.push(request.url());
  });
  await page.goto(lesson);
  await expect(page.locator("html")).not.toHaveAttribute("data-signed-in");
  await expect(page.locator("header[data-scrolled]").getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("Track your progress.")).toBeVisible();
  await expect(page.locator("[data-learner-placeholder]:visible")).toHaveCount(0);
  await page.getByRole("link", { name: "Beginner" }).first().click();
  await expect(page).toHaveURL(/\/spanish\/a1$/);
  await page.getByRole("link", { name: /Greetings/ }).click();
  await expect(page).toHaveURL(new RegExp(`${lesson}$`));
  await expect(page.getByText("Track your progress.")).toBeVisible();
  expect(asked).toEqual([]);
});

test("two learners on one cached page each see only their own favorites and completion", async ({ browser }) => {
  const url = servers.accounts.url;
  const people = [
    { account: accountsFixture.learner, favorite: 0, completed: true },
    { account: accountsFixture.admin, favorite: 1, completed: false },
  ];
  const pages = await Promise.all(
    people.map(async ({ account }, n) => {
      const context = await browser.newContext({ baseURL: url, extraHTTPHeaders: { "X-Forwarded-For": `10.161.${n}.${Date.now() % 250}` } });
      await signIn(context, account);
      return context.newPage();
    }),
  );
  // The phrases' ids, from a learner's favorite forms.
  await pages[0]!.goto(lesson);
  await expect(pages[0]!.getByRole("button", { name: "Favorite: Hola" })).toBeVisible();
  const phraseIds = await pages[0]!.locator('input[name="phraseId"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(phraseIds.length).toBeGreaterThanOrEqual(2);
  for (const [n, person] of people.entries()) {
    const post = (values: Record<string, string>) =>
      pages[n]!.context().request.post(`${url}${lesson}`, { form: values, headers: { origin: url }, maxRedirects: 0 });
    expect((await post({ intent: "complete", value: String(person.completed) })).status()).toBe(200);
    for (const [index, id] of phraseIds.slice(0, 2).entries()) {
      expect((await post({ intent: "favorite", phraseId: id, value: String(index === person.favorite) })).status()).toBe(200);
    }
    // The actions' toasts would make the next page personal (a verified flash message is never served from the cache).
    await pages[n]!.context().clearCookies({ name: "phrasewise.flash" });
  }

  await fetch(`${url}${lesson}`); // a visitor's request: the page is in the cache
  // The first two phrases of the lesson, in page order (the ids above are in page order too).
  const names = ["Favorite: Hola", "Favorite: Buenos días"];
  for (const [n, person] of people.entries()) {
    const page = pages[n]!;
    const response = await page.goto(lesson);
    expect(response?.headers()["x-cache"]).toBe("HIT");
    for (const [index, name] of names.entries()) {
      await expect(page.getByRole("button", { name }), `${person.account.email}: ${name}`).toHaveAttribute("aria-pressed", String(index === person.favorite));
    }
    if (person.completed) await expect(page.getByText("You completed this lesson.")).toBeVisible();
    else await expect(page.getByRole("button", { name: "Mark as complete" })).toBeVisible();
    await expect(page.getByText("You completed this lesson.")).toHaveCount(person.completed ? 1 : 0);
    await page.screenshot({ path: `/work/wt/shots/viewer/lesson-${n === 0 ? "learner" : "admin"}-1280.png` });
    // Its level, by client navigation: the lesson's card says Completed for the one who completed it.
    await page.getByRole("link", { name: "Beginner" }).first().click();
    await expect(page).toHaveURL(/\/spanish\/a1$/);
    const card = page.getByRole("link", { name: /Greetings/ });
    await expect(card).toBeVisible();
    await expect(card.getByText("Completed", { exact: true })).toHaveCount(person.completed ? 1 : 0);
  }
  await Promise.all(pages.map((page) => page.context().close()));
});

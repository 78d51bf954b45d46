import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { anyWidth, expect, expectNoAxeViolations, expectNoSidewaysScroll, test } from "#e2e/support/fixtures.ts";
import { FAVORITE_PHRASES, learningFixture, type LearnerTest } from "#e2e/support/profiles/learning.ts";
import { FAVORITES_PAGE_SIZE } from "#server/learning/learning.server.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * Issue 23's lesson flow, at 1280 px (desktop) and 390 px (mobile): after "Mark as complete" the lesson offers the
 * next lesson, the next level after a level's last lesson, or a locked one's promo; the profile counts only lessons
 * the website opens, shows the locked ones apart, says where to go on, and shows each favourite's language and lesson.
 * Each test and project has its own learner on the learning server (e2e/support/profiles/learning.ts).
 */

test.use({ baseURL: servers.learning.url });

const shots = "/work/notes/shots/lesson-flow";
const width = (page: Page) => page.viewportSize()?.width ?? 0;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

/** Signs in through the auth library's endpoint: the context then holds the session and the signed-in hint. */
async function signIn(context: BrowserContext, project: string, test: LearnerTest) {
  const response = await context.request.post(`${servers.learning.url}/api/auth/sign-in/email`, {
    data: learningFixture.learner(project, test),
    headers: { origin: servers.learning.url },
  });
  expect(response.status()).toBe(200);
}

/** Marks the open lesson complete and waits for the server to have it (the toast follows the action's answer). */
async function complete(page: Page) {
  await page.getByRole("button", { name: "Mark as complete" }).click();
  await expect(page.getByText("You completed this lesson.")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Lesson completed" }).first()).toBeVisible();
}

/** The Your Learning card whole: a phone's bottom tab bar (fixed) would cover its end in a 844 px tall view. */
async function shootLearning(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1400 });
  await page.getByRole("region", { name: "Your Learning" }).screenshot({ path: `${shots}/${name}-${size.width}.png` });
  await page.setViewportSize(size);
}

/** Nothing sticks out sideways (at 390 px the offer and the profile's counts wrap instead). */
const progressCard = (page: Page) => page.locator("main div").filter({ has: page.getByRole("button", { name: /Mark as (not )?complete/ }) }).last();

test("completing a lesson offers the next one, and the profile counts it without the locked lessons", async ({ page }, testInfo) => {
  // Several pages, each waiting for hydration, on a machine that runs other suites beside this one.
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "next");
  await page.goto("/spanish/a1/greetings");
  // Before completion: only the quiet link at the end, which everyone gets.
  const quiet = page.getByRole("link", { name: "Next lesson: Numbers", exact: true });
  await expect(quiet).toHaveAttribute("href", "/spanish/a1/numbers");
  await expect(page.getByRole("button", { name: "Mark as complete" })).toBeVisible();
  await expect(page.getByText("Up next")).toHaveCount(0);

  await complete(page);
  const offer = progressCard(page).getByRole("link", { name: "Next lesson: Numbers" });
  await expect(offer).toHaveAttribute("href", "/spanish/a1/numbers");
  await expect(progressCard(page).getByText("Up next")).toBeVisible();
  await expect(progressCard(page).getByText("Números")).toBeVisible();
  await expectNoAxeViolations(page);
  fs.mkdirSync(shots, { recursive: true });
  await progressCard(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/lesson-completed-${width(page)}.png` });
  await expectNoSidewaysScroll(page);

  // Taking it back takes the offer away.
  await page.getByRole("button", { name: "Mark as not completed" }).click();
  await expect(page.getByRole("button", { name: "Mark as complete" })).toBeVisible();
  await expect(page.getByText("Up next")).toHaveCount(0);
  await complete(page);

  await progressCard(page).getByRole("link", { name: "Next lesson: Numbers" }).click();
  await expect(page).toHaveURL(/\/spanish\/a1\/numbers$/);
  await expect(page.getByRole("heading", { level: 1, name: "Números" })).toBeVisible();

  await page.goto("/profile");
  // 5 lessons open on the website; the locked lesson and the locked level's lesson are counted apart.
  await expect(page.getByText("1 / 5 lessons", { exact: true })).toBeVisible();
  await expect(page.getByText("+ 2 in the app", { exact: true })).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Spanish progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "1");
  await expect(bar).toHaveAttribute("aria-valuemax", "5");
  await expect(page.getByRole("link", { name: "Continue: Numbers" })).toHaveAttribute("href", "/spanish/a1/numbers");
});

test("completing again while the first toast still shows says so again (a toast per answer, not one per text)", anyWidth, async ({ page }, testInfo) => {
  await signIn(page.context(), testInfo.project.name, "toasts");
  await page.goto("/spanish/a1/greetings");
  await complete(page);
  const completedToasts = page.locator("[data-sonner-toast]").filter({ hasText: "Lesson completed" });
  // The pointer rests on the toasts, which holds their timers; the buttons are then pressed from the keyboard.
  await completedToasts.first().hover();
  await page.getByRole("button", { name: "Mark as not completed" }).press("Enter");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Lesson marked as not completed" })).toBeVisible();
  await page.getByRole("button", { name: "Mark as complete" }).press("Enter");
  await expect(page.getByText("You completed this lesson.")).toBeVisible();
  await expect(completedToasts).toHaveCount(2);
});

test("the last lesson of a level offers the next level", async ({ page }, testInfo) => {
  await signIn(page.context(), testInfo.project.name, "level");
  await page.goto("/spanish/a1/farewells");
  await complete(page);
  const offer = progressCard(page).getByRole("link", { name: "Next level: Elementary" });
  await expect(offer).toHaveAttribute("href", "/spanish/a2");
  await expect(progressCard(page).getByText("A2", { exact: true })).toBeVisible();
  await offer.click();
  await expect(page).toHaveURL(/\/spanish\/a2$/);
  await expect(page.getByRole("link", { name: /Shopping/ })).toBeVisible();
});

test("a locked next lesson or level leads to its promo, and the website's next step is offered beside it", async ({ page }, testInfo) => {
  // Several pages, each waiting for hydration, on a machine that runs other suites beside this one.
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "locked");
  await page.goto("/spanish/a1/numbers");
  await complete(page);
  const card = progressCard(page);
  await expect(card.getByText("Asking for Directions")).toBeVisible();
  await expect(card.getByText("Premium")).toBeVisible();
  await expect(card.getByRole("link", { name: "Or continue with Farewells" })).toHaveAttribute("href", "/spanish/a1/farewells");
  await expectNoAxeViolations(page);
  await card.scrollIntoViewIfNeeded();
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/lesson-completed-locked-next-${width(page)}.png` });
  await expectNoSidewaysScroll(page);
  await card.getByRole("link", { name: "Get it in the app: Asking for Directions" }).click();
  await expect(page).toHaveURL(/\/locked-content\?type=lesson&id=asking-directions&languageId=spanish&levelId=a1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Asking for Directions" })).toBeVisible();

  // The last lesson of Elementary: the next level is locked.
  await page.goto("/spanish/a2/at-the-hotel");
  await complete(page);
  await progressCard(page).getByRole("link", { name: "Get it in the app: Intermediate" }).click();
  await expect(page).toHaveURL(/\/locked-content\?type=level&id=b1&languageId=spanish$/);
  await expect(page.getByRole("heading", { level: 1, name: "Intermediate" })).toBeVisible();
});

test("the profile: totals without locked lessons, where to go on, and favourites with their language and lesson", async ({ page }, testInfo) => {
  // Several pages, each waiting for hydration, on a machine that runs other suites beside this one.
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "profile");
  await page.goto("/profile");
  // Greetings and Numbers count; the locked lesson completed in the app does not.
  await expect(page.getByText("2 / 5 lessons", { exact: true })).toBeVisible();
  await expect(page.getByText("+ 2 in the app", { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Spanish progress" })).toHaveAttribute("aria-valuenow", "2");
  // After Numbers, past the locked lesson.
  await expect(page.getByRole("link", { name: "Continue: Farewells" })).toHaveAttribute("href", "/spanish/a1/farewells");
  await expect(page.getByRole("link", { name: "Spanish", exact: true })).toHaveAttribute("href", "/spanish");
  await expectNoAxeViolations(page);
  fs.mkdirSync(shots, { recursive: true });
  await shootLearning(page, "profile-progress");
  await expectNoSidewaysScroll(page);

  await page.getByRole("link", { name: "Favorites" }).click();
  await expect(page).toHaveURL(/tab=favorites/);
  const hola = page.getByRole("listitem").filter({ hasText: "Hola" });
  await expect(hola.getByText("Spanish", { exact: true })).toBeVisible();
  await expect(hola.getByRole("link", { name: "Greetings" })).toHaveAttribute("href", "/spanish/a1/greetings");
  const bonjour = page.getByRole("listitem").filter({ hasText: "Bonjour" });
  await expect(bonjour.getByText("French", { exact: true })).toBeVisible();
  await expect(bonjour.getByRole("link", { name: "Basics" })).toHaveAttribute("href", "/french/a1/basics");
  await expectNoAxeViolations(page);
  await shootLearning(page, "profile-favorites");
  await expectNoSidewaysScroll(page);
  await bonjour.getByRole("link", { name: "Basics" }).click();
  await expect(page).toHaveURL(/\/french\/a1\/basics$/);
});

test("favourites a page at a time: the newest fifty, then the rest, each page opened at the list", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "favorites");
  await page.goto("/profile?tab=favorites");
  const removeButtons = page.getByRole("button", { name: /^Remove "/ });
  const pager = page.getByRole("navigation", { name: "Pages of favorites" });
  await expect(removeButtons).toHaveCount(FAVORITES_PAGE_SIZE);
  await expect(removeButtons.first()).toHaveAccessibleName(`Remove "Frase ${FAVORITE_PHRASES}"`);
  await expect(pager.getByText("Page 1 of 2", { exact: true })).toBeVisible();
  await expect(pager.getByRole("link", { name: "Previous" })).toHaveAttribute("aria-disabled", "true");

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=favorites&page=2#learning-title$/);
  await expect(removeButtons).toHaveCount(FAVORITE_PHRASES - FAVORITES_PAGE_SIZE);
  await expect(removeButtons.first()).toHaveAccessibleName(`Remove "Frase ${FAVORITE_PHRASES - FAVORITES_PAGE_SIZE}"`);
  // The next page opens at the list, not at the top of the profile (far above it on a phone), its heading in view
  // below the sticky header.
  const heading = page.getByRole("heading", { name: "Your Learning" });
  await expect(heading).toBeInViewport();
  const headingTop = await heading.evaluate((element) => element.getBoundingClientRect().top);
  // The bottom of the sticky bar at the top (the header from 768 px, the mobile bar below it).
  const barBottom = await page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll("body *")]
        .filter((element) => getComputedStyle(element).position === "sticky" && element.getBoundingClientRect().height > 0)
        .map((element) => element.getBoundingClientRect().bottom),
    ),
  );
  expect(barBottom).toBeGreaterThan(0);
  expect(headingTop).toBeGreaterThanOrEqual(barBottom);
  await expect(pager.getByText("Page 2 of 2", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootLearning(page, "profile-favorites-page-2");
  await expectNoSidewaysScroll(page);

  // Removing one keeps the page; the pages are counted again.
  await page.getByRole("button", { name: 'Remove "Frase 1"' }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Favorite removed" }).first()).toBeVisible();
  await expect(removeButtons).toHaveCount(FAVORITE_PHRASES - FAVORITES_PAGE_SIZE - 1);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=favorites&page=1#learning-title$/);
  await expect(removeButtons).toHaveCount(FAVORITES_PAGE_SIZE);
  // A page past the last shows the last.
  await page.goto("/profile?tab=favorites&page=9");
  await expect(pager.getByText("Page 2 of 2", { exact: true })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plain form marks the lesson complete, and the quiet link leads on", anyWidth, async ({ page }, testInfo) => {
    await signIn(page.context(), testInfo.project.name, "nojs");
    await page.goto("/spanish/a1/greetings");
    await page.getByRole("button", { name: "Mark as complete" }).click();
    await expect(page).toHaveURL(/\/spanish\/a1\/greetings$/);
    await page.getByRole("link", { name: "Next lesson: Numbers" }).click();
    await expect(page).toHaveURL(/\/spanish\/a1\/numbers$/);
    await page.goto("/profile");
    await expect(page.getByText("1 / 5 lessons", { exact: true })).toBeVisible();
  });
});

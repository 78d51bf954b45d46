import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { anyWidth, expect, expectNoAxeViolations, expectNoSidewaysScroll, test } from "#e2e/support/fixtures.ts";
import { reviewFixture, type ReviewLearner } from "#e2e/support/profiles/review.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * Issue 24's review session at 1280 px (desktop) and 390 px (mobile): a learner saves three phrases on a lesson,
 * reviews them on /review with the keyboard alone (Space shows the answer, 1-4 rate, Z undoes), sees a card rated
 * Good come back within the session and the undone card come back at once, then the summary; an empty deck says how
 * to fill it; without JavaScript the page still works with plain forms. Each test and project has its own learner on
 * the review server (e2e/support/profiles/review.ts).
 */

test.use({ baseURL: servers.review.url });

const shots = "/work/notes/shots/review";
const width = (page: Page) => page.viewportSize()?.width ?? 0;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

async function signIn(context: BrowserContext, project: string, learner: ReviewLearner) {
  const response = await context.request.post(`${servers.review.url}/api/auth/sign-in/email`, {
    data: reviewFixture.learner(project, learner),
    headers: { origin: servers.review.url },
  });
  expect(response.status()).toBe(200);
}

/** The whole page at 1280 px; on a phone what the learner sees (the fixed bottom bar would cover a full-page shot). */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}-${width(page)}.png`, fullPage: width(page) > 600 });
}

const card = (page: Page) => page.getByRole("article", { name: "Review card" });
const announced = (page: Page) => page.locator("main").getByRole("status");

/** Checks the card shows `original` with its answer still hidden, shows the answer with Space, and rates with a key. */
async function reviewByKeys(page: Page, original: string, translation: string, key: "1" | "2" | "3" | "4") {
  await expect(card(page).locator("[data-review-original]")).toHaveText(original);
  await expect(card(page).getByText(translation, { exact: true })).toBeHidden();
  await page.keyboard.press("Space");
  await expect(card(page).getByText(translation, { exact: true })).toBeVisible();
  await expect(announced(page)).toContainText(translation);
  await page.keyboard.press(key);
}

/** The header's due count: the Review link on a desktop, the menu button on a phone. */
const dueBadge = (page: Page, project: string) =>
  project === "mobile" ? page.getByRole("button", { name: /^Open menu/ }) : page.locator("header[data-scrolled]").getByRole("link", { name: /^Review/ });
const dueName = (project: string, due: number) =>
  project === "mobile" ? (due ? `Open menu, ${due} due for review` : "Open menu") : due ? `Review, ${due} due` : "Review";

test("three saved phrases reviewed by keyboard alone, with an undo, a card coming back, and the summary", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page.context(), testInfo.project.name, "keys");

  // Save three phrases with the heart on the lesson page.
  await page.goto(reviewFixture.lesson);
  for (const original of ["Hola", "Buenos días", "Adiós"]) {
    const heart = page.getByRole("button", { name: `Favorite: ${original}` });
    // The lesson page, opened as a document, saves through the sync push (docs/decisions/020-lesson-document.md).
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().endsWith("/api/v1/sync/push"));
    await heart.click();
    expect((await saved).status()).toBe(200);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
  }

  await page.goto("/review");
  // The three saved phrases are new; the phrase of the locked lesson (saved before it was locked) never shows.
  await expect(page.getByText("3 new", { exact: true })).toBeVisible();
  await expect(page.getByText("Secreto")).toHaveCount(0);
  await expect(dueBadge(page, testInfo.project.name)).toHaveAccessibleName(dueName(testInfo.project.name, 3));
  await expect(card(page).locator("[data-review-original]")).toHaveText("Hola");
  await expect(card(page).getByRole("button", { name: /^(Play|Pause) the phrase$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, "question");

  // Space shows the answer; every rating says when the phrase comes back.
  await page.keyboard.press("Space");
  await expect(card(page).getByText("Hello", { exact: true })).toBeVisible();
  await expect(announced(page)).toContainText("Hello.");
  for (const name of [/^Again · 1 min$/, /^Hard · \d+ min$/, /^Good · 10 min$/, /^Easy · \d+ days?$/]) {
    await expect(card(page).getByRole("button", { name })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, "revealed");
  await page.keyboard.press("4");
  await expect(announced(page)).toContainText(/^Easy: back in \d+ days?\./);

  // Again on the second, then undo it: the same card is back, with its answer hidden.
  await reviewByKeys(page, "Buenos días", "Good morning", "1");
  await expect(card(page).locator("[data-review-original]")).toHaveText("Adiós");
  await page.keyboard.press("z");
  await expect(card(page).locator("[data-review-original]")).toHaveText("Buenos días");
  await expect(announced(page)).toContainText('Rating undone. Back to "Buenos días".');

  // Good on a new phrase: it comes back in 10 minutes, within this session (after the others).
  await reviewByKeys(page, "Buenos días", "Good morning", "3");
  await reviewByKeys(page, "Adiós", "Goodbye", "4");
  await reviewByKeys(page, "Buenos días", "Good morning", "4");

  const summary = page.getByRole("region", { name: "Session complete" });
  await expect(summary).toBeVisible();
  // The header's count followed the session: nothing is due now.
  await expect(dueBadge(page, testInfo.project.name)).toHaveAccessibleName(dueName(testInfo.project.name, 0));
  await expect(summary.getByText(/^You reviewed 4 phrases in \d+ (s|min)\.$/)).toBeVisible();
  const count = (label: string) => summary.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd");
  await expect(count("Again")).toHaveText("0");
  await expect(count("Hard")).toHaveText("0");
  await expect(count("Good")).toHaveText("1");
  await expect(count("Easy")).toHaveText("3");
  await expect(summary.getByRole("progressbar", { name: "Today's goal" })).toHaveAttribute("aria-valuenow", "4");
  await expect(summary.getByText("4 / 20 reviews")).toBeVisible();
  await expect(summary.getByRole("link", { name: "Back to Lessons" })).toHaveAttribute("href", "/languages");
  await expect(summary.getByRole("link", { name: "Your Profile" })).toHaveAttribute("href", "/profile");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, "summary");

  // Later: nothing is due, and the page says when something will be.
  await page.reload();
  await expect(page.getByRole("heading", { name: "You're all caught up" })).toBeVisible();
  await expect(page.getByText(/^Your next card is due (tomorrow|in \d+ days)\.$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "all-done");
});

test("an empty deck says how phrases get into it", async ({ page }, testInfo) => {
  await signIn(page.context(), testInfo.project.name, "empty");
  await page.goto("/review");
  await expect(page.getByRole("heading", { name: "Nothing to review yet" })).toBeVisible();
  await expect(page.getByText(/tap the heart next to a phrase on any lesson page/)).toBeVisible();
  await expect(page.getByText(/turn that on in your profile/)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, "empty");
});

test("a visitor is sent to sign in", anyWidth, async ({ page }) => {
  await page.goto("/review");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Freview$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the answer opens, a rating button posts, and the rating can be undone", anyWidth, async ({ page }, testInfo) => {
    await signIn(page.context(), testInfo.project.name, "nojs");
    await page.goto("/review");
    await expect(card(page).locator("[data-review-original]")).toHaveText("Gracias");
    await card(page).getByText("Show answer").click();
    await expect(card(page).getByText("Thank you", { exact: true })).toBeVisible();
    await card(page).getByRole("button", { name: /^Good · / }).click();
    await expect(page.getByText("Saved: Good.")).toBeVisible();
    // Good on a new phrase: back in 10 minutes, so it is still in today's session.
    await expect(card(page).locator("[data-review-original]")).toHaveText("Gracias");
    await page.getByRole("button", { name: "Undo last rating" }).click();
    await expect(page.getByText("Rating undone.")).toBeVisible();
    await expect(card(page).getByText("New", { exact: true })).toBeVisible();
  });
});

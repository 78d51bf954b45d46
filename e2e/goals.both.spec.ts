import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { goalsFixture, type GoalsTest } from "#e2e/support/profiles/goals.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * Issue 24's daily goal, streak and due count, at 1280 px (desktop) and 390 px (mobile): the browser's time zone is
 * adopted for a learner without one, the goal and the zone are changed on the profile, a favourite phrase shows up
 * as a due count in the header, and a lesson completed today extends a streak the grid shows. Each test and project
 * has its own learner on the goals server (e2e/support/profiles/goals.ts). The browser runs on New York time.
 */

test.use({ baseURL: servers.goals.url, timezoneId: goalsFixture.timeZone });

const shots = "/work/notes/shots/goals";
const width = (page: Page) => page.viewportSize()?.width ?? 0;
const mobile = (page: Page) => width(page) < 768;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

async function signIn(context: BrowserContext, project: string, test: GoalsTest) {
  const response = await context.request.post(`${servers.goals.url}/api/auth/sign-in/email`, {
    data: goalsFixture.learner(project, test),
    headers: { origin: servers.goals.url },
  });
  expect(response.status()).toBe(200);
}

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

/** The section whole: a phone's bottom tab bar (fixed) would cover its end in a 844 px tall view. */
async function shoot(page: Page, name: string, target = page.locator("main")) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2400 });
  await target.screenshot({ path: `${shots}/${name}-${size.width}.png` });
  await page.setViewportSize(size);
}

test("a learner's browser zone is adopted, and they set a goal and a time zone on the profile", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "goal");
  // No zone stored yet: the first page sends the browser's, once.
  const sent = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/time-zone" && r.request().method() === "POST");
  await page.goto("/");
  expect((await sent).status()).toBe(204);

  await page.goto("/profile");
  const goal = page.getByRole("region", { name: "Daily Goal" });
  await expect(goal.getByText("0 / 20")).toBeVisible();
  await expect(goal.getByRole("progressbar", { name: "Today's goal" })).toHaveAttribute("aria-valuetext", "0 reviews of 20");
  const zone = page.getByLabel("Time zone");
  await expect(zone).toHaveValue("America/New_York");
  await expect(page.getByText("Your days follow America/New York. A new day starts at 4 AM.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Use this device's time zone" })).toHaveCount(0);

  // The form's rules load on its first focus. A field left before they arrive (held back here until then) sends
  // nothing to the server: only a submission does. Then a target out of range is refused with a message, in the
  // browser, and nothing is saved.
  const settings = page.getByRole("region", { name: "Goal Settings" });
  const goalPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/profile.data") goalPosts.push(request.postData() ?? "");
  });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**", async (route) => {
    await held;
    await route.continue();
  });
  await settings.getByLabel("Lessons per day").check();
  await settings.getByLabel("Target").fill("501");
  await settings.getByLabel("Target").blur();
  release();
  await expect(settings.locator("form", { has: page.getByLabel("Target") })).toHaveAttribute("data-client-validation", "");
  await settings.getByRole("button", { name: "Save Goal" }).click();
  await expect(settings.getByText("Enter a whole number from 1 to 500.")).toBeVisible();
  await expect(settings.getByLabel("Target")).toHaveAttribute("aria-invalid", "true");
  await settings.getByLabel("Target").fill("3");
  await settings.getByLabel("Also review every phrase of the lessons I complete").check();
  await settings.getByRole("button", { name: "Save Goal" }).click();
  await expect(toast(page, "Goal saved")).toBeVisible();
  // One request reached the server: the valid save.
  expect(goalPosts).toHaveLength(1);
  expect(goalPosts[0]).toContain("target=3");
  await expect(goal.getByText("0 / 3")).toBeVisible();
  await expect(goal.getByText("lessons today")).toBeVisible();
  await expect(goal.getByText("3 lessons to go today.")).toBeVisible();

  // Another zone, then back to this device's.
  await zone.selectOption("Asia/Tokyo");
  await page.getByRole("button", { name: "Save Time Zone" }).click();
  await expect(toast(page, "Time zone saved")).toBeVisible();
  await expect(page.getByText("Your days follow Asia/Tokyo. A new day starts at 4 AM.")).toBeVisible();
  await expect(page.getByText("This device is set to America/New York.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, "profile-settings", settings);

  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
  await expect(settings.getByLabel("Lessons per day")).toBeChecked();
  await expect(settings.getByLabel("Target")).toHaveValue("3");
  await expect(settings.getByLabel("Also review every phrase of the lessons I complete")).toBeChecked();
  await page.getByRole("button", { name: "Use this device's time zone" }).click();
  await expect(page.getByText("Your days follow America/New York. A new day starts at 4 AM.")).toBeVisible();
  await expect(page.getByLabel("Time zone")).toHaveValue("America/New_York");
  await expect(page.getByRole("button", { name: "Use this device's time zone" })).toHaveCount(0);
});

test("a favorite phrase shows up as a due count in the header and on the profile", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "badge");
  await page.goto("/");
  // Nothing due yet: "Review" without a count.
  const header = mobile(page) ? page.getByRole("dialog", { name: "Menu" }) : page.locator("header[data-scrolled]");
  const openMenu = async () => {
    if (mobile(page)) await page.getByRole("button", { name: /^Open menu/ }).click();
  };
  await openMenu();
  await expect(header.getByRole("link", { name: "Review", exact: true })).toBeVisible();
  if (mobile(page)) await page.keyboard.press("Escape");

  await page.goto(goalsFixture.lesson);
  const favorite = page.getByRole("button", { name: "Favorite: Hola" });
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  // The viewer is asked again after the action: the count arrives without a reload.
  if (mobile(page)) await expect(page.getByRole("button", { name: "Open menu, 1 due for review" })).toBeVisible();
  await openMenu();
  const review = header.getByRole("link", { name: "Review, 1 due" });
  await expect(review).toBeVisible();
  await expect(review).toHaveAttribute("href", "/review");
  if (mobile(page)) {
    await page.getByRole("dialog", { name: "Menu" }).screenshot({ path: `${shots}/menu-badge-${width(page)}.png` });
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Open menu/ }).locator("xpath=..").screenshot({ path: `${shots}/topbar-badge-${width(page)}.png` });
  } else {
    await page.locator("header[data-scrolled]").screenshot({ path: `${shots}/header-badge-${width(page)}.png` });
  }

  // A shared page: the count came from the learner's own viewer request, and the cached page names no count.
  expect(await (await fetch(`${servers.goals.url}/`)).text()).not.toContain("1 due");

  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Daily Goal" }).getByRole("link", { name: "Review now: 1 due" })).toHaveAttribute("href", "/review");
  await expectNoAxeViolations(page);
});

test("a lesson completed today extends the streak, and the grid shows the days", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page.context(), testInfo.project.name, "streak");
  await page.goto("/profile");
  const goal = page.getByRole("region", { name: "Daily Goal" });
  const streak = (name: string) => goal.getByText(name).locator("xpath=following-sibling::dd[1]");
  await expect(streak("Current streak")).toHaveText("4 days");
  await expect(streak("Longest streak")).toHaveText("6 days");
  await expect(goal.getByText("0 / 1")).toBeVisible();

  await page.goto(goalsFixture.lesson);
  await page.getByRole("button", { name: "Mark as complete" }).click();
  await expect(page.getByText("You completed this lesson.")).toBeVisible();

  await page.goto("/profile");
  await expect(streak("Current streak")).toHaveText("5 days");
  await expect(streak("Longest streak")).toHaveText("6 days");
  await expect(goal.getByText("Goal met for today. Well done!")).toBeVisible();
  const grid = goal.getByRole("table", { name: "Activity in the last 12 weeks" });
  await expect(grid).toBeVisible();
  // Twelve weeks, a row a weekday, each day's cell saying what was done.
  await expect(grid.getByRole("columnheader")).toHaveCount(12);
  await expect(grid.getByRole("rowheader")).toHaveText(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((d) => new RegExp(d)));
  await expect(grid.getByText(/: 1 lesson, goal met, today$/)).toHaveCount(1);
  await expect(grid.getByText(/: 3 reviews, 1 lesson, goal met$/)).toHaveCount(10);
  await expect(grid.getByText(/: 12 reviews$/)).toHaveCount(2);
  await expect(grid.locator('[data-level="3"]')).toHaveCount(11);
  // It fits the width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectNoAxeViolations(page);
  await shoot(page, "profile-goal", goal);
  await shoot(page, "profile");
});

import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { accountsFixture, servers } from "#e2e/support/servers.ts";
import { FLASH_COOKIE } from "#server/auth/flash.server.ts";
import { expectToast } from "#e2e/support/admin-dialogs.ts";

/**
 * Accounts end to end (issue #4) on the accounts server: mail goes over SMTP to a test server whose mailbox the tests
 * read. Each test is its own client (X-Forwarded-For, trusted on that server), so the sign-in limit (3 in 10 s per
 * client) never mixes tests.
 */

test.use({ baseURL: servers.accounts.url });

let client = 0;
test.beforeEach(async ({ page }, testInfo) => {
  client += 1;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${testInfo.workerIndex}.${client}.${testInfo.retry + 1}` });
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The browser reports an answer's error status on the console; when a test expects that answer, it is no error. */
async function expectRefusedOnConsole(pageErrors: string[], status: number) {
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringContaining(`status of ${status}`)]);
  pageErrors.length = 0;
}

/** The newest mail to this address with a link, as the SMTP test server received it. */
async function mailLink(to: string, subject: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const response = await fetch(`${servers.accounts.mailboxUrl}/messages?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as { subject: string; text: string }[];
      const mail = messages.reverse().find((m) => m.subject === subject);
      link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function register(page: Page, email: string, password: string) {
  await page.goto("/auth?tab=register");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Register", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expectToast(page, "Sign up successful");
}

test("a learner registers, confirms, signs in, edits the profile, records progress and favourites, and signs out", async ({ page, pageErrors }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("learner");
  await register(page, email, "my-password-1");

  // Not confirmed yet: signing in is refused.
  await signIn(page, email, "my-password-1");
  await expect(page.getByRole("alert")).toContainText("Error signing in");
  await expectRefusedOnConsole(pageErrors, 403);
  await expect(page).toHaveURL(/\/auth$/);

  const link = await mailLink(email, "Confirm your email for Phrasewise");
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "Email confirmed");

  await signIn(page, email, "my-password-1");
  await expect(page).toHaveURL(/\/profile$/);
  await expectToast(page, "Welcome back!");
  await expect(page.getByRole("heading", { level: 1, name: "Your Profile" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByText("You haven't started any lessons yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Learning" })).toHaveAttribute("href", "/");

  const username = page.getByLabel("Username");
  await username.fill("Ana Learner");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expectToast(page, "Profile updated");
  await page.reload();
  await expect(page.getByLabel("Username")).toHaveValue("Ana Learner");

  // The lesson: mark it complete and save a phrase.
  await page.goto(accountsFixture.lesson);
  await page.getByRole("button", { name: "Mark as complete" }).click();
  await expect(page.getByText("You completed this lesson.")).toBeVisible();
  await expectToast(page, "Lesson completed");
  const favorite = page.getByRole("button", { name: "Favorite: Buenos días" });
  await expect(favorite).toHaveAttribute("aria-pressed", "false");
  await favorite.click();
  await expect(favorite).toHaveAttribute("aria-pressed", "true");
  await expectToast(page, "Added to favorites");
  await page.reload();
  await expect(page.getByRole("button", { name: "Favorite: Buenos días" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Mark as not completed" })).toBeVisible();

  // The level page shows the completed lesson.
  await page.goto("/spanish/a1");
  await expect(page.getByRole("link", { name: /Greetings/ }).getByText("Completed")).toBeVisible();
  await expect(page.getByRole("link", { name: /Numbers/ }).getByText("Completed")).toHaveCount(0);

  // Both on the profile.
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: "Spanish" })).toBeVisible();
  await expect(page.getByText("1 / 2 lessons")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Spanish progress" })).toHaveAttribute("aria-valuenow", "1");
  await page.getByRole("link", { name: "Favorites" }).click();
  await expect(page).toHaveURL(/tab=favorites/);
  await expect(page.getByText("Buenos días")).toBeVisible();
  await expect(page.getByText("Good morning")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: 'Remove "Buenos días"' }).click();
  await expectToast(page, "Favorite removed");
  await expect(page.getByText("You haven't saved any favorite phrases yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore Phrases" })).toHaveAttribute("href", "/");

  // Sign out from the header.
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Signed out");
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
});

test("the owner address becomes an admin only after confirming it", async ({ page, pageErrors }) => {
  // A fresh owner per run would need a fresh server; the owner registers once per server, in this test only.
  test.setTimeout(60_000);
  const email = accountsFixture.ownerEmail;
  await register(page, email, "owner-pass-1");
  await signIn(page, email, "owner-pass-1");
  await expect(page.getByRole("alert")).toContainText("Error signing in");
  await expectRefusedOnConsole(pageErrors, 403);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "You must be logged in to access the admin area");

  await page.goto(await mailLink(email, "Confirm your email for Phrasewise"));
  await signIn(page, email, "owner-pass-1");
  await expect(page).toHaveURL(/\/admin$/);
  await expectToast(page, "Welcome back!");
  await expectToast(page, "Admin privileges granted automatically");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
});

test("a visitor and a signed-in non-admin are refused by /admin with the spec's toasts", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "You must be logged in to access the admin area");

  await signIn(page, accountsFixture.learner.email, accountsFixture.learner.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Access denied. You need administrator privileges to access this area.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
});

test("an admin gets the admin shell with the eight tabs and the Overview", async ({ page }) => {
  await signIn(page, accountsFixture.admin.email, accountsFixture.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const tabs = page.getByRole("navigation", { name: "Admin" }).getByRole("link");
  await expect(tabs).toHaveText(["Overview", "Languages", "Levels", "Lessons", "Phrases", "Users", "Blog", "Settings"]);
  await expect(page.getByRole("link", { name: /Languages 1 1 language/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Phrases 3 3 phrases/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quick Access" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Quick Access" }).getByRole("link")).toHaveCount(7);
  await expectNoAxeViolations(page);
  await tabs.filter({ hasText: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Website Settings" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/settings$/);
});

test("admin documents link the stylesheet, the site's inline it, and navigating between them keeps it applied", async ({ page }) => {
  /** The stylesheet as this document holds it (Tailwind's banner opens the inline copy), and whether its rules apply. */
  const stylesheet = () =>
    page.evaluate(() => ({
      linked: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
      inline: [...document.querySelectorAll("head style")].filter((style) => style.textContent?.startsWith("/*! tailwindcss")).length,
      font: getComputedStyle(document.body).fontFamily,
      background: getComputedStyle(document.body).backgroundColor,
    }));
  const applied = { font: expect.stringContaining("Plus Jakarta Sans"), background: "rgb(255, 255, 255)" };

  // Signing in navigates to /admin inside the /auth document: its inline copy stays.
  await signIn(page, accountsFixture.admin.email, accountsFixture.admin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  expect(await stylesheet()).toEqual({ linked: [], inline: 1, ...applied });

  await page.goto("/admin/settings");
  await waitForHydration(page);
  const linkedDocument = await stylesheet();
  expect(linkedDocument).toEqual({ linked: [expect.stringMatching(/^\/assets\/app-[\w-]+\.css$/)], inline: 0, ...applied });
  const file = await page.request.get(linkedDocument.linked[0]!, { headers: { "Accept-Encoding": "br" } });
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("text/css");
  expect(file.headers()["cache-control"]).toContain("immutable");

  // Back to the site inside the admin document: the link stays (the browser bundle has no inline copy to put back).
  await page.getByRole("link", { name: "View Site" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn Languages The Practical Way");
  expect(await stylesheet()).toEqual({ ...linkedDocument, ...applied });

  await page.goto("/");
  await waitForHydration(page);
  expect(await stylesheet()).toEqual({ linked: [], inline: 1, ...applied });
});

test("a visitor on a lesson is invited to sign in, and comes back after signing in", async ({ page }) => {
  await page.goto(accountsFixture.lesson);
  await expect(page.getByRole("button", { name: /Favorite:/ })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fspanish%2Fa1%2Fgreetings$/);
  await waitForHydration(page);
  await page.getByLabel("Email").fill(accountsFixture.learner.email);
  await page.getByLabel("Password").fill(accountsFixture.learner.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${accountsFixture.lesson}$`));
  await expect(page.getByRole("button", { name: "Favorite: Hola" })).toBeVisible();
});

test("a sign-in error is said once, above the form, and is gone after switching to Register", async ({ page, pageErrors }) => {
  const answer = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/auth"));
  await signIn(page, accountsFixture.learner.email, "not-the-password");
  const alert = page.getByRole("alert").filter({ hasText: "Error signing in" });
  await expect(alert).toContainText("Invalid email or password");
  await expectRefusedOnConsole(pageErrors, 401);
  // The answer carries no toast (flash cookie) to repeat the alert, which would also outlive a switch of tabs.
  const setCookie = (await (await answer).headerValue("set-cookie")) ?? "";
  expect(setCookie).not.toContain(`${FLASH_COOKIE}=`);

  await page.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/tab=register/);
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await expect(page.getByText("Error signing in")).toHaveCount(0);
  await expect(page.getByText("Invalid email or password")).toHaveCount(0);
});

test("toasts use the brand font and sit below the header, clear of its links", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 800 });
  await signIn(page, accountsFixture.learner.email, accountsFixture.learner.password);
  await expect(page).toHaveURL(/\/profile$/);
  const header = page.locator("header[data-scrolled]");

  const expectClearOfHeader = async (title: string) => {
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
    await expect(toast).toBeVisible();
    // Wait for the entrance transition to end: the box is measured where the toast stays.
    await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
    const [toastBox, headerBox] = await Promise.all([toast.boundingBox(), header.boundingBox()]);
    expect(toastBox!.y, `"${title}" starts below the header`).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    expect(await toast.evaluate((el) => getComputedStyle(el).fontFamily)).toContain("Plus Jakarta Sans");
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toBe(
      await toast.evaluate((el) => getComputedStyle(el).fontFamily),
    );
  };
  await expectClearOfHeader("Welcome back!");

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expectClearOfHeader("Profile updated");
});

test("an admin gets a 404 inside the admin chrome for an unknown admin path, also below a tab", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, accountsFixture.admin.email, accountsFixture.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const path of ["/admin/no-such-tab", "/admin/languages/no-such-thing", "/admin/settings/a/b"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveCount(8);
    await expect(page.getByText("The language or level you're looking for doesn't exist.")).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
});

test("a visitor asking for an unknown admin path gets the admin redirect, not a 404", async ({ page }) => {
  await page.goto("/admin/languages/no-such-thing");
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, "You must be logged in to access the admin area");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signing in, marking a lesson complete and signing out work as plain forms", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(accountsFixture.admin.email);
    await page.getByLabel("Password").fill(accountsFixture.admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/spanish/a1/numbers");
    await page.getByRole("button", { name: /Mark as (not )?complete/ }).click();
    await expect(page.getByRole("button", { name: /Mark as (not )?complete/ })).toBeVisible();
    await page.goto("/profile");
    await page.getByRole("region", { name: "Account" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("a wrong password shows the error on the page", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email").fill(accountsFixture.learner.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Error signing in");
  });
});

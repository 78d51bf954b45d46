import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { accountsFixture, servers } from "#e2e/support/servers.ts";

/** Accounts on a phone (390 px): the menu's account links, and the account pages laid out for the width. */

test.use({ baseURL: servers.accounts.url });

let client = 0;
test.beforeEach(async ({ page }, testInfo) => {
  client += 1;
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.200.${testInfo.workerIndex}.${client}` });
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

test("signs in from the menu, sees the profile, and signs out from the menu", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect
    .poll(() => page.locator("form").first().evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
  await page.getByLabel("Email").fill(accountsFixture.learner.email);
  await page.getByLabel("Password").fill(accountsFixture.learner.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Profile" })).toBeVisible();
  // The welcome toast sits below the top bar, leaving its menu button free to tap.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Welcome back!" });
  await expect(toast).toBeVisible();
  const menuButton = await page.getByRole("button", { name: "Open menu" }).boundingBox();
  await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(menuButton!.y + menuButton!.height);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Signed out" })).toBeVisible();
});

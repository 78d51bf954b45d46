import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { expectToast, settingsServer } from "#e2e/support/settings-helpers.ts";
import { settingsTabs } from "#common/settings-forms.ts";

/** The Settings tab at 390 px: every tab reachable and usable, nothing wider than the screen. */

test.use({ baseURL: settingsServer.url, signedInAsAdmin: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
  await page.goto("/admin");
});

test("every tab fits a phone and passes axe; a save works from the phone", async ({ page }, testInfo) => {
  // Five axe runs at three device pixels per CSS pixel.
  test.setTimeout(120_000);
  await page.goto("/admin/settings");
  for (const { value, label } of settingsTabs) {
    await page.getByRole("tab", { name: label }).click();
    await expect(page.getByRole("tab", { name: label })).toHaveAttribute("aria-selected", "true");
    if (value !== "app") await expect(page).toHaveURL(new RegExp(`\\?tab=${value}$`));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${label} is wider than the screen`).toBeLessThanOrEqual(0);
    if (value !== "embed") await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`settings-${value}-390.png`), fullPage: true });
  }
  // The form saves all five links as it read them: read them afresh, so a desktop test's save of the last minute
  // is not written back over.
  await page.goto("/admin/settings?tab=social");
  await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/phrasewise-mobile");
  await page.getByRole("button", { name: "Save Social Links" }).click();
  await expectToast(page, "Social links updated successfully");
});

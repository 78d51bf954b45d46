import type { Page } from "@playwright/test";
import { anyWidth, expect, expectNoAxeViolations, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { bareSettings, servers } from "#e2e/support/servers.ts";

const SUPPORT_EMAIL = "support@phrasewise.example";

/** Chooses cookies up front so the fixed consent banner never sits over a link the test clicks. */
async function skipCookieBanner(page: Page) {
  await page.addInitScript(() => localStorage.setItem("cookie_consent_level", "essential"));
}

test.describe("/download", () => {
  test("names the app, lists the three benefits and says the links are coming soon when none is set", async ({ page }) => {
    await page.goto("/download");
    await expect(page).toHaveTitle("Download the Phrasewise App | Phrasewise");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Phrasewise App");
    const main = page.getByRole("main");
    for (const benefit of ["Learn Offline", "Personalized Learning", "Audio Pronunciations"]) {
      await expect(main.getByRole("heading", { level: 2, name: benefit, exact: true })).toBeVisible();
    }
    await expect(main.getByText("App download links coming soon!", { exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: /App Store|Google Play/ })).toHaveCount(0);
    const screenshot = main.getByRole("img", { name: "Screenshot of the Phrasewise mobile app" });
    await expect(screenshot).toBeVisible();
    await expect(screenshot).toHaveAttribute("src", "/images/app-screenshot.svg");
    await expectNoAxeViolations(page);
  });

  test("shows both store buttons, opening in a new tab, when the links are configured", async ({ page }) => {
    await page.goto(`${servers.bare.url}/download`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Phrasewise App");
    const main = page.getByRole("main");
    await expect(main.getByText("App download links coming soon!")).toHaveCount(0);
    const appStore = main.getByRole("link", { name: /App Store/ });
    const playStore = main.getByRole("link", { name: /Google Play/ });
    await expect(appStore).toHaveAttribute("href", bareSettings.app_store_link);
    await expect(playStore).toHaveAttribute("href", bareSettings.play_store_link);
    for (const link of [appStore, playStore]) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expectNoAxeViolations(page);
  });
});

test.describe("/faq", () => {
  test("shows the four categories and links to support and the support email", async ({ page }) => {
    await skipCookieBanner(page);
    await page.goto("/faq");
    await expect(page).toHaveTitle("Frequently Asked Questions | Phrasewise");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "General",
      "Account",
      "Subscription",
      "Technical",
      "Still have questions?",
    ]);
    // Every question starts closed.
    await expect(main.locator("[aria-expanded=true]")).toHaveCount(0);

    const contact = page.getByRole("region", { name: "Still have questions?" });
    await expect(contact.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/support");
    await expect(contact.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    await expectNoAxeViolations(page);

    await contact.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test("one question is open at a time across all categories", anyWidth, async ({ page }) => {
    await page.goto("/faq");
    const first = page.getByRole("button", { name: "Which languages can I learn?" });
    const second = page.getByRole("button", { name: "Can I learn offline?" });
    await waitForHydration(page);

    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/Mandarin Chinese, Portuguese and Russian/)).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(/Mandarin Chinese, Portuguese and Russian/)).toBeHidden();
    await expect(page.getByText(/offline learning is available/)).toBeVisible();
    await expect(page.locator("main [aria-expanded=true]")).toHaveCount(1);

    // Clicking the open question closes it again.
    await second.click();
    await expect(page.locator("main [aria-expanded=true]")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("questions open and close from the keyboard with Enter and Space", anyWidth, async ({ page }) => {
    await page.goto("/faq");
    const question = page.getByRole("button", { name: "How do I contact support?" });
    await waitForHydration(page);
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(question).toHaveAttribute("aria-expanded", "true");
    const answer = page.getByRole("region", { name: "How do I contact support?" });
    await expect(answer.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    await page.keyboard.press("Space");
    await expect(question).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press(" ");
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Enter");
    await expect(question).toHaveAttribute("aria-expanded", "false");
  });
});

for (const doc of [
  { path: "/privacy-policy", title: "Privacy Policy", firstSection: "Information we collect", footerLink: "Privacy Policy" },
  { path: "/terms-of-use", title: "Terms of Use", firstSection: "Accepting these terms", footerLink: "Terms of Use" },
]) {
  test.describe(doc.path, () => {
    test("shows the title, the last-updated line and the sections", async ({ page }) => {
      await page.goto(doc.path);
      await expect(page).toHaveTitle(`${doc.title} | Phrasewise`);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByText(/^Last updated: \w+ \d{1,2}, \d{4}$/)).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 2, name: doc.firstSection })).toBeVisible();
      await expect(main.getByRole("heading", { level: 2, name: "Contact us", exact: true })).toBeVisible();
      await expect(main.getByRole("link", { name: SUPPORT_EMAIL }).first()).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
      await expectNoAxeViolations(page);
    });

    test("Back returns to the previous page after arriving from the footer", anyWidth, async ({ page }) => {
      await skipCookieBanner(page);
      await page.goto("/faq");
      await page.getByRole("contentinfo").getByRole("link", { name: doc.footerLink }).click();
      await expect(page).toHaveURL(new RegExp(`${doc.path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await page.getByRole("main").getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
    });

    test("Back goes home when the page was opened directly", anyWidth, async ({ page }) => {
      await page.goto(doc.path);
      // The button stays disabled until the page is interactive, so this click waits for hydration.
      await page.getByRole("main").getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn Languages The Practical Way");
    });
  });
}

import { anyWidth, expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

test.describe("catalogue pages (demo content)", () => {
  test("/languages lists the eight languages with level counts", async ({ page }) => {
    await page.goto("/languages");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose Your Language");
    const cards = page.getByRole("list", { name: "Languages" }).getByRole("listitem");
    await expect(cards).toHaveCount(8);
    await expect(cards.getByRole("heading")).toHaveText([
      "French", "German", "Italian", "Japanese", "Mandarin Chinese", "Portuguese", "Russian", "Spanish",
    ]);
    await expect(cards.first()).toContainText("3 Levels");
    await expectNoAxeViolations(page);
  });

  test("the home page shows the language grid, about block, download block and latest posts", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Let's Learn!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Choose Your Preferred Language" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "About Phrasewise" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Who We Are" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How It Works" })).toBeVisible();
    const blog = page.getByRole("region", { name: "From the Blog" });
    await expect(blog.getByRole("article")).toHaveCount(3);
    await expect(blog.getByRole("article").first().getByRole("heading")).toHaveText("5 Phrases That Get You Through Your First Day in Madrid");
    await expect(page.getByRole("link", { name: "View All Blog Posts" })).toHaveAttribute("href", "/blog");
  });

  test("a language page lists its levels in order with a locked one, and Back to top", async ({ page }) => {
    await page.goto("/spanish");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a Level");
    const levels = page.getByRole("list", { name: "Levels" }).getByRole("listitem");
    await expect(levels.getByRole("heading")).toHaveText(["Beginner", "Elementary", "Intermediate"]);
    await expect(levels.nth(0)).toContainText("A1");
    await expect(levels.nth(0)).toContainText("3 Lessons");
    await expect(levels.nth(2).getByRole("link")).toHaveAttribute("href", "/locked-content?type=level&id=b1&languageId=spanish");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("button", { name: "Back to top" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectNoAxeViolations(page);
  });

  test("a level page shows its CEFR badge and lessons with phrase counts", async ({ page }) => {
    await page.goto("/spanish/a1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lessons");
    await expect(page.getByText("A1", { exact: true })).toBeVisible();
    const lessons = page.getByRole("list", { name: "Lessons" }).getByRole("listitem");
    await expect(lessons).toHaveCount(3);
    await expect(lessons.nth(0)).toContainText("Greetings");
    await expect(lessons.nth(0)).toContainText(/\d+ Phrases/);
    await expect(lessons.nth(2).getByRole("link")).toHaveAttribute("href", /\/locked-content\?type=lesson&id=asking-directions&languageId=spanish&levelId=a1/);
    await expectNoAxeViolations(page);
  });

  test("a lesson page shows the translated title, its context line and one open audio card per audio file", async ({ page }) => {
    await page.goto("/spanish/a1/greetings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saludos");
    await expect(page.getByText("Spanish • Beginner • A1")).toBeVisible();
    const cards = page.getByRole("region", { name: /^Audio \d$/ });
    await expect(cards).toHaveCount(2);
    await expect(cards.first().getByRole("button", { name: "Play audio" })).toBeVisible();
    await expect(page.getByRole("complementary").filter({ hasText: "Take this lesson offline" })).toBeVisible();
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/spanish\/a1$/);
    await expectNoAxeViolations(page);
  });

  test("a locked level's URL redirects to /locked-content on the server and in the client", anyWidth, async ({ page, request }) => {
    const response = await request.get("/spanish/b1", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/locked-content?type=level&id=b1&languageId=spanish");

    await page.goto("/spanish");
    await page.getByRole("link", { name: /Intermediate/ }).click();
    await expect(page).toHaveURL(/\/locked-content\?type=level&id=b1&languageId=spanish$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intermediate");
    await expect(page.getByText("Spanish • B1")).toBeVisible();
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/download");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/spanish$/);
  });

  test("a locked lesson never returns its phrases or audio, by page or by data request", anyWidth, async ({ request }) => {
    for (const url of ["/spanish/a1/asking-directions", "/spanish/a1/asking-directions.data", "/spanish/b1/at-the-doctor"]) {
      const response = await request.get(url, { maxRedirects: 0 });
      const body = await response.text();
      expect(body, url).not.toContain("/storage/content/audio");
      expect(body, url).not.toContain("dónde está la estación");
      expect([202, 204, 302], url).toContain(response.status());
    }
  });

  test("a client-side navigation to a locked lesson lands on /locked-content, and Back skips the locked address", async ({ page }) => {
    await page.goto("/spanish/a1");
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
      return router.navigate("/spanish/a1/asking-directions");
    });
    await expect(page).toHaveURL(/\/locked-content\?type=lesson&id=asking-directions&languageId=spanish&levelId=a1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asking for Directions");
    await page.goBack();
    await expect(page).toHaveURL(/\/spanish\/a1$/);
  });

  test("unknown language, level and lesson answer 404 with the spec's text", anyWidth, async ({ page }) => {
    let response = await page.goto("/klingon");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The language you're looking for doesn't exist.")).toBeVisible();
    response = await page.goto("/spanish/z9");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The language or level you're looking for doesn't exist.")).toBeVisible();
    response = await page.goto("/spanish/a1/no-such-lesson");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The lesson you're looking for doesn't exist.")).toBeVisible();
  });

  test("client navigation to /languages shows six skeleton cards while it loads", async ({ page }) => {
    await page.goto("/");
    // Hold the data request until the skeleton has been checked, so a slow machine cannot end the wait first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/languages.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: "Start Learning" }).click();
    const skeleton = page.getByRole("status", { name: "Loading languages" });
    await expect(skeleton.locator("[data-skeleton-card]")).toHaveCount(6);
    await expect(skeleton).toBeVisible();
    // Whole rows only (2 × 3, 3 × 2 or 6 × 1), never 4 + 2.
    const rows = await skeleton.locator("[data-skeleton-card]").evaluateAll((cards) => {
      const perRow = new Map<number, number>();
      for (const card of cards) {
        const top = Math.round(card.getBoundingClientRect().top);
        perRow.set(top, (perRow.get(top) ?? 0) + 1);
      }
      return [...perRow.values()];
    });
    expect(new Set(rows).size, `cards per row: ${rows.join(" + ")}`).toBe(1);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose Your Language");
    await expect(skeleton).toHaveCount(0);
  });
});

test.describe("empty catalogue", () => {
  test("/languages and the home grid say no languages are available yet", async ({ page }) => {
    await page.goto(`${servers.empty.url}/languages`);
    await expect(page.getByText("No languages available yet. Check back soon!")).toBeVisible();
    await page.goto(servers.empty.url);
    await expect(page.getByText("No languages available yet. Check back soon!")).toBeVisible();
  });

  test("the home page shows no blog section when nothing is published", async ({ page }) => {
    await page.goto(servers.bare.url);
    await expect(page.getByRole("heading", { name: "Choose Your Preferred Language" })).toBeVisible();
    await expect(page.getByRole("region", { name: "From the Blog" })).toHaveCount(0);
  });

  test("a language without levels, a level without lessons and a lesson without phrases", async ({ page }) => {
    await page.goto(`${servers.bare.url}/esperanto`);
    await expect(page.getByText("No levels available for this language yet. Check back soon!")).toBeVisible();
    await page.goto(`${servers.bare.url}/latin/a1`);
    await expect(page.getByText("No lessons available for this level yet. Check back soon!")).toBeVisible();
    await page.goto(`${servers.bare.url}/latin/a2/empty-lesson`);
    await expect(page.getByText("No phrases available for this lesson yet. Check back soon!")).toBeVisible();
  });

  test("locked content offers the configured store buttons instead of Learn More", async ({ page }) => {
    await page.goto(`${servers.bare.url}/locked-content?type=level&id=a9&languageId=nowhere`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Premium Content");
    await expect(page.getByText("Get This Content Free")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /App Store/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveCount(0);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/languages$/);
  });
});

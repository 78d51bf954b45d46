import { expect, test } from "#e2e/support/fixtures.ts";
import { bareSettings, servers } from "#e2e/support/servers.ts";

test.describe("desktop chrome", () => {
  test("header links lead to their pages and the admin button is hidden from visitors", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Languages", "Download App", "Blog"]);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Languages" })).toHaveAttribute("href", "/languages");
    await expect(nav.getByRole("link", { name: "Download App" })).toHaveAttribute("href", "/download");
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    // The mobile chrome is not shown at this width.
    await expect(page.getByRole("navigation", { name: "Tabs" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("the header marks the current section, with aria-current and a visible style", async ({ page }) => {
    test.setTimeout(60_000);
    const nav = page.getByRole("navigation", { name: "Main" });
    const background = (name: string) => nav.getByRole("link", { name, exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    const expectCurrent = async (path: string, section: string | null) => {
      await expect(nav.locator('[aria-current="page"]'), path).toHaveText(section ? [section] : []);
      if (!section) return;
      const other = section === "Home" ? "Blog" : "Home";
      expect(await background(section), `${path}: the current link looks different`).not.toBe(await background(other));
    };
    await page.goto("/blog");
    await expectCurrent("/blog", "Blog");
    const post = await page.getByRole("link", { name: /^Read more/ }).first().getAttribute("href");
    for (const [path, section] of [
      [post!, "Blog"],
      ["/", "Home"],
      ["/languages", "Languages"],
      ["/spanish", "Languages"],
      ["/spanish/a1/greetings", "Languages"],
      ["/download", "Download App"],
      ["/faq", null],
    ] as const) {
      await page.goto(path);
      await expectCurrent(path, section);
    }
  });

  test("the header turns translucent after scrolling more than 10px", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header[data-scrolled]");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    const solid = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    expect(solid).toBe("rgb(255, 255, 255)");
    // The background fades over 200 ms: wait for the end of the transition, not a value in between.
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toMatch(/(rgba\(255, 255, 255, 0\.\d+\)|oklab\(.* \/ 0\.\d+\)|color\(srgb 1 1 1 \/ 0\.\d+\))/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the home hero comes from the server with its two buttons", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Learn Languages The Practical Way");
    await expect(page.getByRole("link", { name: "Start Learning" })).toHaveAttribute("href", "/languages");
    await expect(page.getByRole("main").getByRole("link", { name: "Download App" }).first()).toHaveAttribute("href", "/download");
    await expect(page.locator("main img").first()).toHaveAttribute("src", "/images/hero.svg");
  });

  test("the footer has quick links, legal links, FAQ, Contact Us and the copyright line", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Home", "/"],
      ["Languages", "/languages"],
      ["Download App", "/download"],
      ["Blog", "/blog"],
      ["FAQ", "/faq"],
      ["Contact Us", "/support"],
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Use", "/terms-of-use"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Phrasewise. All rights reserved.`);
    // Nothing is configured on the demo server: no social links and no store buttons.
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
    await expect(footer.getByRole("link", { name: /App Store|Google Play/ })).toHaveCount(0);
  });

  test("configured social links and store buttons appear in the footer and open in a new tab", async ({ page }) => {
    await page.goto(servers.bare.url);
    const footer = page.getByRole("contentinfo");
    const social = footer.getByRole("list", { name: "Social media" });
    await expect(social.getByRole("link")).toHaveCount(2);
    await expect(social.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", bareSettings.facebook_link);
    await expect(social.getByRole("link", { name: "Instagram" })).toHaveAttribute("target", "_blank");
    await expect(footer.getByRole("link", { name: "Twitter" })).toHaveCount(0);
    // The marks are static images now: each must load, not just be referenced.
    for (const name of ["Facebook", "Instagram"]) {
      const mark = social.getByRole("link", { name }).locator("img");
      await mark.scrollIntoViewIfNeeded();
      await expect.poll(() => mark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    }
    const appStore = footer.getByRole("link", { name: /App Store/ });
    await expect(appStore).toHaveAttribute("href", bareSettings.app_store_link);
    await expect(appStore).toHaveAttribute("target", "_blank");
    await expect(appStore).toHaveAttribute("rel", /noopener/);
    await expect(footer.getByRole("link", { name: /Google Play/ })).toHaveAttribute("href", bareSettings.play_store_link);
  });
});

test("a hero image that fails to load is replaced by the placeholder", async ({ page, pageErrors }) => {
  await page.route("**/images/hero.svg", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  const hero = page.getByRole("img", { name: "Learners practicing everyday phrases with native-speaker audio" });
  await expect(hero).toHaveAttribute("src", "/images/placeholder.svg");
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The failed request is what this test provokes; nothing else may have gone wrong.
  expect(pageErrors.every((e) => e.includes("/images/hero.svg"))).toBe(true);
  pageErrors.length = 0;
});

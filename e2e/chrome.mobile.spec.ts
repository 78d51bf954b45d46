import { expect, test } from "#e2e/support/fixtures.ts";

test.describe("mobile chrome (390px)", () => {
  test("top bar with logo and a slide-in menu", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("navigation", { name: "Mobile" }).getByRole("link")).toHaveText(["Home", "Languages", "Download App", "Blog"]);
    await menu.getByRole("link", { name: "Languages" }).click();
    await expect(page).toHaveURL(/\/languages$/);
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("bottom tab bar with Home, Languages, Blog and Download", async ({ page }) => {
    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("link")).toHaveText(["Home", "Languages", "Blog", "Download"]);
    await expect(tabs.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Download" }).click();
    await expect(page).toHaveURL(/\/download$/);
  });

  test("the tab bar and the menu mark the current section", async ({ page }) => {
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    for (const [path, tab, menuLink] of [
      ["/", "Home", "Home"],
      ["/spanish/a1", "Languages", "Languages"],
      ["/download", "Download", "Download App"],
      ["/blog", "Blog", "Blog"],
      ["/faq", null, null],
    ] as const) {
      await page.goto(path);
      await expect(tabs.locator('[aria-current="page"]'), path).toHaveText(tab ? [tab] : []);
      if (tab) {
        // Besides its colour, the current tab has a bar on top.
        await expect(tabs.getByRole("link", { name: tab }).locator("span[aria-hidden]")).toBeVisible();
      }
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", { name: "Mobile" });
      await expect(menu.locator('[aria-current="page"]'), path).toHaveText(menuLink ? [menuLink] : []);
      await page.keyboard.press("Escape");
    }
  });

  test("the promo strip links to /download, is hidden there, and stays dismissed for the session only", async ({ page, context }) => {
    await page.goto("/");
    const strip = page.getByRole("complementary", { name: "Get the app" });
    await expect(strip).toBeVisible();
    await expect(strip.getByRole("link", { name: "Free App" })).toHaveAttribute("href", "/download");

    await strip.getByRole("link", { name: "Free App" }).click();
    await expect(page).toHaveURL(/\/download$/);
    await expect(page.getByRole("complementary", { name: "Get the app" })).toHaveCount(0);

    await page.goto("/");
    await page.getByRole("button", { name: "Dismiss app promotion" }).click();
    await expect(page.getByRole("complementary", { name: "Get the app" })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem("hideDownloadBar"))).toBe("true");
    await page.reload();
    await expect(page.getByRole("complementary", { name: "Get the app" })).toBeHidden();

    // A new browser session (new tab in a fresh context) shows it again.
    const fresh = await context.browser()!.newContext({ viewport: { width: 390, height: 844 } });
    const other = await fresh.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("complementary", { name: "Get the app" })).toBeVisible();
    await fresh.close();
  });

  test("the home page's lazy app screenshot has its box before the image arrives, so nothing jumps", async ({ page }) => {
    // The image never arrives: its box must already be there.
    await page.route("**/images/app-screenshot.svg", () => {});
    await page.goto("/");
    const screenshot = page.getByRole("img", { name: "The Phrasewise app showing a lesson with audio" });
    await screenshot.scrollIntoViewIfNeeded();
    const box = await screenshot.boundingBox();
    expect(box!.height).toBeGreaterThan(300);
    expect(box!.width).toBeGreaterThan(100);
    expect(await screenshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
  });

  test("the footer stays clear of the bottom tab bar", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const copyright = page.getByText(/All rights reserved/);
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    const [c, t] = await Promise.all([copyright.boundingBox(), tabs.boundingBox()]);
    expect(c!.y + c!.height).toBeLessThanOrEqual(t!.y);
  });
});

test("no public page is wider than a 390px phone", async ({ page }) => {
  for (const path of ["/", "/languages", "/spanish", "/spanish/a1", "/spanish/a1/greetings", "/download", "/faq", "/support", "/privacy-policy", "/terms-of-use", "/locked-content?type=level&id=b1&languageId=spanish"]) {
    await page.goto(path);
    const { layoutWidth, scrollWidth } = await page.evaluate(() => ({
      layoutWidth: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
    }));
    expect({ path, layoutWidth, scrollWidth }).toEqual({ path, layoutWidth: 390, scrollWidth: 390 });
  }
});

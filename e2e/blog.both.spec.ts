import { anyWidth, expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

test("/blog lists the published posts, newest first, without drafts", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Blog");
  const posts = page.getByRole("list", { name: "Blog posts" }).getByRole("article");
  await expect(posts.getByRole("heading")).toHaveText([
    "5 Phrases That Get You Through Your First Day in Madrid",
    "Why Listening to Native Speakers Beats Memorising Word Lists",
    "How to Keep a Daily Practice Streak When You Are Busy",
  ]);
  await expect(posts.first()).toContainText("Admin");
  await expect(posts.first().getByRole("link", { name: /^Read more/ })).toHaveAttribute(
    "href",
    "/blog/5-phrases-that-get-you-through-your-first-day-in-madrid",
  );
  await expect(page.getByText("Coming Soon: Offline Lessons in the App")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a post shows its body with the audio sample after the third line, and Back to Blog", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: /^Read more\b.*5 Phrases/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("5 Phrases That Get You Through Your First Day in Madrid");
  const sample = page.getByRole("region", { name: "Listen: Spanish greetings for your first day" });
  await expect(sample.getByRole("button", { name: "Play audio" })).toBeVisible();
  // Three lines of the body come before the sample: two paragraphs and the first line of the numbered list (Markdown),
  // which goes on after the sample at 2.
  const blocksBefore = await sample.evaluate((card) => {
    const tags: string[] = [];
    for (let node = card.previousElementSibling; node; node = node.previousElementSibling) tags.unshift(node.tagName);
    return tags.filter((tag) => ["P", "OL", "UL", "H2", "H3", "H4"].includes(tag));
  });
  expect(blocksBefore).toEqual(["P", "P", "OL"]);
  await expect(sample.locator("xpath=following-sibling::*[1]")).toHaveAttribute("start", "2");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("a draft and an unknown slug answer 404 with 'Post not found'", anyWidth, async ({ page }) => {
  for (const path of ["/blog/coming-soon-offline-lessons-in-the-app", "/blog/no-such-post"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post not found");
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("an empty blog says so", async ({ page }) => {
  await page.goto(`${servers.empty.url}/blog`);
  await expect(page.getByText("No blog posts yet", { exact: true })).toBeVisible();
  await expect(page.getByText("Check back later for language learning tips and updates!")).toBeVisible();
});

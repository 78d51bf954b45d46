import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import {
  blogServer,
  createPost,
  expectToast,
  fillEditor,
  png,
  postRow,
  uniqueTitle,
  visitorStatus,
} from "#e2e/support/blog-admin.ts";
import { blogSampleFixture } from "#e2e/support/profiles/blog.ts";

/** The admin Blog tab (issue 12) on the blog server. Every test makes its own posts, with unique titles. */

test.use({ baseURL: blogServer.url, signedInAsAdmin: true });
// Each test is a whole admin journey (several saves, uploads and page loads) on a machine shared with other suites.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

async function slugOf(page: Page, title: string) {
  const href = await postRow(page, title).getByRole("link", { name: /^View / }).getAttribute("href");
  return decodeURIComponent(href!.replace("/blog/", ""));
}

test("a draft stays private; publishing it with an image and a sample makes it public; a new title moves its address", async ({ page, request }) => {
  const title = uniqueTitle("Draft to publish");
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { name: "Blog Management" })).toBeVisible();
  await createPost(page, { title, content: "Line one\nLine two\nLine three\nLine four\nLine five" });
  const row = postRow(page, title);
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  await expect(row.getByText("No image")).toBeVisible();
  const slug = await slugOf(page, title);

  // A visitor finds no such post, not on the list nor in the feed.
  expect((await visitorStatus(request, `/blog/${slug}`)).status).toBe(404);
  expect((await visitorStatus(request, "/blog")).body).not.toContain(title);
  expect((await visitorStatus(request, "/blog/rss.xml")).body).not.toContain(title);

  // The admin's View opens the draft in a new tab.
  const [draftTab] = await Promise.all([page.context().waitForEvent("page"), row.getByRole("link", { name: /^View / }).click()]);
  await draftTab.waitForLoadState();
  await expect(draftTab.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(draftTab.getByText("Draft: only administrators can see this post")).toBeVisible();
  await draftTab.close();

  // Edit: publish, add a featured image and a sample.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Blog Post" });
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(title);
  await dialog.getByLabel("Upload Image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png("#7c3aed") });
  await expect(dialog.getByRole("img", { name: "Featured image preview" })).toBeVisible();
  await expect(dialog.getByText("Change Image")).toBeVisible();
  await dialog.getByLabel("Language").selectOption({ label: blogSampleFixture.language });
  await dialog.getByLabel("Level").selectOption({ index: 1 });
  await dialog.getByLabel("Lesson").selectOption({ label: blogSampleFixture.lesson });
  await dialog.getByLabel("Phrase group").selectOption({ index: 1 });
  await expect(dialog.getByLabel("Sample title")).toHaveValue("Here is a sample of our daily easy phrases to learn");
  await dialog.getByRole("switch", { name: "Published" }).click();
  await dialog.getByRole("button", { name: "Update Post" }).click();
  await expectToast(page, "Blog post updated successfully");
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Published", { exact: true })).toBeVisible();
  await expect(row.getByRole("img", { name: `Featured image of ${title}` })).toBeVisible();

  // Reopened, the picker shows the saved sample: its level, lesson and group are fetched when the dialog opens.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(dialog.getByLabel("Language").locator("option:checked")).toHaveText(blogSampleFixture.language);
  await expect(dialog.getByLabel("Lesson").locator("option:checked")).toHaveText(blogSampleFixture.lesson);
  await expect(dialog.getByLabel("Phrase group").locator("option:checked")).toHaveText(/^Audio Group 1 \(\d+ phrases?\): /);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Public at once: the list, the feed, the post with its image and its sample card after the 3rd line.
  expect((await visitorStatus(request, "/blog")).body).toContain(title);
  expect((await visitorStatus(request, "/blog/rss.xml")).body).toContain(title);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const article = page.locator("article");
  await expect(article.locator("img").first()).toHaveJSProperty("complete", true);
  expect(await article.locator("img").first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const sampleHeading = page.getByRole("heading", { name: "Here is a sample of our daily easy phrases to learn" });
  await expect(sampleHeading).toBeVisible();
  await expect(page.getByText(blogSampleFixture.phrases[0][0], { exact: true })).toBeVisible();
  // The card sits between 'Line three' and 'Line four'.
  const order = await article.evaluate((el) => {
    const text = el.textContent ?? "";
    return [text.indexOf("Line three"), text.indexOf("Here is a sample"), text.indexOf("Line four")];
  });
  expect(order[0]).toBeLessThan(order[1]!);
  expect(order[1]).toBeLessThan(order[2]!);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("blog-post-desktop.png"), fullPage: true });

  // A new title: a new slug, and the old address answers 301 to it.
  const renamed = uniqueTitle("Renamed post");
  await page.goto("/admin/blog");
  await postRow(page, title).getByRole("button", { name: `Edit ${title}` }).click();
  // The editor opens with the post's sample chosen.
  await expect(page.getByRole("dialog").getByLabel("Lesson")).toHaveValue("greetings");
  await expect(page.getByRole("dialog").getByRole("switch", { name: "Published" })).toBeChecked();
  await fillEditor(page, { title: renamed });
  await page.getByRole("dialog").getByRole("button", { name: "Update Post" }).click();
  await expectToast(page, "Blog post updated successfully");
  const newSlug = await slugOf(page, renamed);
  expect(newSlug).not.toBe(slug);
  const moved = await visitorStatus(request, `/blog/${slug}`);
  expect(moved.status).toBe(301);
  expect(moved.location).toBe(`/blog/${encodeURIComponent(newSlug)}`);
  expect((await visitorStatus(request, `/blog/${newSlug}`)).status).toBe(200);
});

test("the featured image: upload, change, remove; a wrong type and a too-large file are refused", async ({ page, pageErrors }) => {
  const title = uniqueTitle("Image handling");
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Blog Post" });
  await fillEditor(page, { title, content: "About images" });
  await expect(dialog.getByText("Recommended size: 1200x630 pixels.")).toBeVisible();

  // Refused in the browser before any upload.
  await dialog.getByLabel("Upload Image").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(dialog.getByRole("alert")).toHaveText("Please select an image file");
  await dialog.getByLabel("Upload Image").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(dialog.getByRole("alert")).toHaveText("Image size should be less than 10MB");
  await expect(dialog.getByRole("img", { name: "Featured image preview" })).toHaveCount(0);

  await dialog.getByLabel("Upload Image").setInputFiles({ name: "first.png", mimeType: "image/png", buffer: await png("#16a34a") });
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expectToast(page, "Blog post created successfully");
  const row = postRow(page, title);
  const thumbnail = row.getByRole("img", { name: `Featured image of ${title}` });
  await expect(thumbnail).toBeVisible();
  const firstUrl = await thumbnail.getAttribute("src");

  // Change it.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("dialog").getByText("Change Image")).toBeVisible();
  await page.getByRole("dialog").getByLabel("Change Image").setInputFiles({ name: "second.png", mimeType: "image/png", buffer: await png("#dc2626") });
  await page.getByRole("dialog").getByRole("button", { name: "Update Post" }).click();
  await expectToast(page, "Blog post updated successfully");
  await expect(thumbnail).not.toHaveAttribute("src", firstUrl!);
  const secondUrl = await thumbnail.getAttribute("src");
  // The replaced file left storage: nothing else used it.
  expect((await page.request.get(firstUrl!)).status()).toBe(404);

  // A file the server refuses (PNG by name, not by its bytes): 'Failed to upload image', saved with its image.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await fillEditor(page, { content: "About images, edited" });
  await page.getByRole("dialog").getByLabel("Change Image").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  // The preview of bytes that are no image shows nothing; the upload is what fails.
  await page.getByRole("dialog").getByRole("button", { name: "Update Post" }).click();
  await expectToast(page, "Failed to upload image");
  await expectToast(page, "Blog post updated successfully");
  await expect(thumbnail).toHaveAttribute("src", secondUrl!);
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringContaining("status of 415")]);
  pageErrors.length = 0;

  // Remove it.
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove image" }).click();
  await expect(page.getByRole("dialog").getByText("Upload Image")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Update Post" }).click();
  await expectToast(page, "Blog post updated successfully");
  await expect(row.getByText("No image")).toBeVisible();
  expect((await page.request.get(secondUrl!)).status()).toBe(404);
});

test("delete asks first, then removes the post and its image", async ({ page, request }) => {
  const title = uniqueTitle("To delete");
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  await fillEditor(page, { title, content: "Soon gone" });
  await page.getByRole("dialog").getByRole("switch", { name: "Published" }).click();
  await page.getByRole("dialog").getByLabel("Upload Image").setInputFiles({ name: "gone.png", mimeType: "image/png", buffer: await png("#0ea5e9") });
  await page.getByRole("dialog").getByRole("button", { name: "Create Post" }).click();
  await expectToast(page, "Blog post created successfully");
  const row = postRow(page, title);
  const imageUrl = await row.getByRole("img").getAttribute("src");
  const slug = await slugOf(page, title);

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this blog post? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Blog post deleted successfully");
  await expect(row).toHaveCount(0);
  expect((await visitorStatus(request, `/blog/${slug}`)).status).toBe(404);
  expect((await request.get(`${blogServer.url}${imageUrl}`)).status()).toBe(404);
});

test("title and content are required, with clear messages", async ({ page }) => {
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Blog Post" });
  await dialog.getByLabel("Title", { exact: true }).fill(" ");
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Content is required")).toBeVisible();
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("blog-editor-desktop.png") });
});

test("an XSS payload in each field never runs: post page, cards, admin table, feed", async ({ page, request }) => {
  const marker = uniqueTitle("xss").replace(/\s/g, "");
  const payload = (field: string) => `<img src=x onerror="window.__xss='${field}'"><script>window.__xss='${field}'</script>${marker}`;
  await page.addInitScript(() => {
    Object.defineProperty(window, "__xss", { set: (value) => { throw new Error(`XSS ran: ${String(value)}`); }, configurable: true });
  });
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  await fillEditor(page, { title: payload("title"), excerpt: payload("excerpt"), content: `${payload("content")}\n[link](javascript:alert(1))` });
  await page.getByRole("dialog").getByLabel("Sample title").fill(payload("sample"));
  await page.getByRole("dialog").getByRole("switch", { name: "Published" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create Post" }).click();
  await expectToast(page, "Blog post created successfully");
  const row = postRow(page, payload("title"));
  await expect(row).toBeVisible();
  const slug = await slugOf(page, payload("title"));

  for (const path of [`/blog/${slug}`, "/blog", "/", "/admin/blog"]) {
    await page.goto(path);
    await expect(page.getByText(marker).filter({ visible: true }).first()).toBeVisible();
    expect(await page.evaluate(() => document.querySelectorAll("img[src='x']").length), path).toBe(0);
  }
  const feed = (await visitorStatus(request, "/blog/rss.xml")).body;
  expect(feed).toContain(marker);
  expect(feed).not.toContain("<img");
  expect(feed).not.toContain("<script");
});

test("a body in Markdown: previewed in the editor before saving, and the post page renders it (issue 27)", async ({ page }) => {
  const title = uniqueTitle("Markdown");
  const content = ["# Ordering coffee", "Say **por favor** and *gracias*, and see [our lessons](/languages).", "- Un café", "- Un té", "[bad](javascript:alert(1))"].join("\n");
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Blog Post" });
  await fillEditor(page, { title, content });
  await dialog.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = dialog.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { level: 2, name: "Ordering coffee" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("por favor");
  await expect(preview.getByRole("link", { name: "our lessons" })).toHaveAttribute("href", "/languages");
  await expect(preview.getByRole("listitem")).toHaveText(["Un café", "Un té"]);
  await expect(preview.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Update preview" })).toHaveAttribute("aria-expanded", "true");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("blog-markdown-preview-1280.png") });
  // The preview saved nothing: the post exists only once it is created.
  await expect(postRow(page, title)).toHaveCount(0);
  await dialog.getByLabel("Content").fill(`${content}\n> A quote`);
  await dialog.getByRole("button", { name: "Update preview" }).click();
  await expect(preview.locator("blockquote")).toHaveText("A quote");
  await dialog.getByRole("switch", { name: "Published" }).click();
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expectToast(page, "Blog post created successfully");

  await page.goto(`/blog/${await slugOf(page, title)}`);
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 2, name: "Ordering coffee" })).toBeVisible();
  await expect(article.locator("strong")).toHaveText("por favor");
  await expect(article.locator("em")).toHaveText("gracias");
  await expect(article.getByRole("link", { name: "our lessons" })).toHaveAttribute("href", "/languages");
  await expect(article.getByRole("listitem")).toHaveText(["Un café", "Un té"]);
  await expect(article.getByText("bad", { exact: true })).toBeVisible();
  await expect(article.getByRole("link", { name: "bad" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The card's excerpt is the body's text, without its marks.
  await page.goto("/blog");
  await expect(page.getByText(/^Ordering coffee Say por favor and gracias, and see our lessons\./)).toBeVisible();
});

test("two posts with the same title get distinct slugs, and a title of symbols gets a fallback", async ({ page }) => {
  const title = uniqueTitle("Same title");
  await page.goto("/admin/blog");
  await createPost(page, { title, content: "First" });
  const first = await slugOf(page, title);
  await createPost(page, { title: `${title} `, content: "Second" });
  const slugs = await postRow(page, title)
    .getByRole("link", { name: /^View / })
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(slugs).toHaveLength(2);
  expect(new Set(slugs).size).toBe(2);
  expect(slugs).toContain(`/blog/${first}`);

  const symbols = `!!! ${Date.now()} ???`.replace(/\d/g, "#");
  await createPost(page, { title: symbols, content: "Only symbols" });
  expect(await slugOf(page, symbols)).toMatch(/^post(-\d+)?$/);
});

test("the Blog tab at 1280 px passes axe", async ({ page }) => {
  await page.goto("/admin/blog");
  await expect(page.getByText(/^Total blog posts: \d+$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("blog-admin-desktop.png"), fullPage: true });
});

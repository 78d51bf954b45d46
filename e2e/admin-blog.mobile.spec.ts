import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { blogServer, createPost, expectToast, postRow, uniqueTitle } from "#e2e/support/blog-admin.ts";

/** The Blog tab on a 390 px phone: posts as cards, the editor fits the screen. */

test.use({ baseURL: blogServer.url, signedInAsAdmin: true });
// Each test is a whole admin journey (several saves, uploads and page loads) on a machine shared with other suites.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

test("write, publish and delete a post on a phone", async ({ page }) => {
  const title = uniqueTitle("Phone post");
  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Blog Post" });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("blog-editor-mobile.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await createPost(page, { title, content: "Written on a phone", published: true });
  const row = postRow(page, title);
  await expect(row.getByText("Published", { exact: true })).toBeVisible();
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("blog-admin-mobile.png"), fullPage: true });

  // The quick publish switch.
  await row.getByRole("switch", { name: `Published: ${title}` }).click();
  await expectToast(page, "Publish status updated");
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Blog post deleted successfully");
  await expect(row).toHaveCount(0);
});

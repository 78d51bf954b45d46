import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { openLesson, phrasesServer, recordMedia } from "#e2e/support/phrases-admin.ts";

/**
 * Import phrases at 390 px: the dialog starts in the lesson the admin opened, a file's rows come into the text box,
 * and the preview's table scrolls inside the dialog. Nothing is imported here (the desktop spec imports).
 */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 90_000 });

test("upload a file, see its bad row with the reason, within the screen", async ({ page, pageErrors }) => {
  await recordMedia(page);
  await page.goto("/admin/phrases");
  await openLesson(page, "French", "Beginner", "Basics");
  await page.getByRole("button", { name: "Import phrases" }).tap();
  const dialog = page.getByRole("dialog", { name: "Import phrases" });
  await expect(dialog.getByLabel("Language")).toHaveValue("french");
  await expect(dialog.getByLabel("Level")).toHaveValue("a1");
  await expect(dialog.getByLabel("Lesson")).toHaveValue("basics");

  // A file larger than 2 MB is refused before it is read.
  await dialog.getByLabel("Upload a CSV or TSV file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.alloc(2 * 1024 * 1024 + 1, "a") });
  await expect(dialog.getByRole("alert").filter({ hasText: "The rows are larger than 2 MB. Import them in parts." })).toBeVisible();
  await expect(dialog.getByLabel("Rows", { exact: true })).toHaveValue("");

  // A spreadsheet's TSV, with a reading, a long text and a row without its original.
  const rows = ["Au revoir\tGoodbye", "S'il vous plaît\tPlease\t\tsil voo pleh", "\tThank you very much", `${"Très ".repeat(30)}bien\tVery good`].join("\n");
  await dialog.getByLabel("Upload a CSV or TSV file").setInputFiles({ name: "basics.tsv", mimeType: "text/tab-separated-values", buffer: Buffer.from(rows) });
  await expect(dialog.getByLabel("Rows", { exact: true })).toHaveValue(rows);
  await dialog.getByRole("button", { name: "Check rows" }).tap();
  await expect(dialog.getByRole("alert").filter({ hasText: "1 row needs a fix before anything is imported." })).toBeVisible();
  const bad = dialog.getByRole("region", { name: "Rows as read" }).locator("[data-import-row=bad]");
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText("The original text is missing.");

  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "/work/notes/shots/phrase-import/bad-rows-390.png" });
  await expectNoAxeViolations(page);

  // Cancel: nothing was imported.
  await dialog.getByRole("button", { name: "Cancel" }).tap();
  await expect(dialog).toHaveCount(0);
  expect(await (await page.request.get("/french/a1/basics")).text()).not.toContain("Au revoir");
  expect(pageErrors).toEqual([]);
});

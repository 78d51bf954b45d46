import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { expectToast, openLesson, phrasesServer } from "#e2e/support/phrases-admin.ts";

/**
 * The phrase dialog's Reading field (issue 23 point 4): an admin's reading is saved as theirs and comes back the next
 * time the group is edited; emptied, it is no longer theirs. Works in Spanish › Beginner › Numbers, which no other
 * spec changes (Spanish has no computed reading, so what the field shows is only what the admin wrote).
 */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 90_000 });

test("an admin writes a reading, it is kept on the next edit, and emptying it clears it", async ({ page }, testInfo) => {
  const openNumbers = async () => {
    await page.goto("/admin/phrases");
    await openLesson(page, "Spanish", "Beginner", "Numbers");
    await page.locator("[data-audio-group]").first().getByRole("button", { name: /^Edit Audio Group 1/ }).click();
    return page.getByRole("dialog", { name: "Edit Phrases" });
  };

  let dialog = await openNumbers();
  const readings = dialog.getByRole("textbox", { name: "Reading" });
  await expect(readings).toHaveCount(2);
  await expect(readings.first()).toHaveValue("");
  await expect(readings.first()).toHaveAccessibleDescription(/Your correction is kept; leave it empty to compute it again\./);
  await readings.first().fill("OO-noh");
  await page.screenshot({ path: testInfo.outputPath("reading-dialog-1280.png") });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await readings.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("reading-dialog-390.png") });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Update Phrases" }).click();
  await expectToast(page, "Phrases updated successfully");
  await expect(dialog).toHaveCount(0);

  dialog = await openNumbers();
  await expect(dialog.getByRole("textbox", { name: "Reading" }).first()).toHaveValue("OO-noh");
  await expect(dialog.getByRole("textbox", { name: "Reading" }).nth(1)).toHaveValue("");
  await dialog.getByRole("textbox", { name: "Reading" }).first().fill("");
  await dialog.getByRole("button", { name: "Update Phrases" }).click();
  await expectToast(page, "Phrases updated successfully");

  dialog = await openNumbers();
  await expect(dialog.getByRole("textbox", { name: "Reading" }).first()).toHaveValue("");
});

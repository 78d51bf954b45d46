import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { expectToast, phrasesServer } from "#e2e/support/phrases-admin.ts";

/**
 * A language eSpeak has no voice for (issue 22, item 8): Generate Audio says which voice is missing and where to
 * choose one, and the Voice field of the Language dialog chooses it. On the phrases server, under a language of its own
 * that the test deletes again.
 */

test.use({ baseURL: phrasesServer, signedInAsAdmin: true });
test.describe.configure({ timeout: 90_000 });

async function generateFor(page: Page, languageName: string) {
  await page.goto("/admin/phrases");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Phrases" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
  await dialog.getByLabel("Language").selectOption({ label: languageName });
  await dialog.getByLabel("Original Text").fill("Saluton");
  await dialog.getByRole("button", { name: "Generate Audio", exact: true }).click();
  return dialog;
}

test("Generate Audio names the missing voice; the Language dialog's Voice field chooses one, and then it speaks", async ({ page, pageErrors }) => {
  await page.goto("/admin/languages");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Language" }).click();
  const add = page.getByRole("dialog", { name: "Add Language" });
  await add.getByLabel("Language ID").fill("zz-steer");
  await add.getByLabel("Language Name").fill("Steer");
  await add.getByLabel("Flag Image URL").fill("/favicon.svg");
  await expect(add.getByLabel("Voice")).toHaveValue("automatic");
  await expect(add.getByLabel("Voice").locator("option", { hasText: "Esperanto (eo)" })).toHaveCount(1);
  await add.getByRole("button", { name: "Add Language" }).click();
  await expectToast(page, "Language added successfully");

  try {
    const dialog = await generateFor(page, "Steer");
    await expectToast(page, "Failed to generate audio: No speech voice matches Steer (zz-steer). Choose one in the language's Voice field (Languages, Edit Steer).");
    await expect(dialog.getByLabel("Audio URL")).toHaveValue("");
    await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([expect.stringContaining("status of 400")]);
    pageErrors.length = 0;

    await page.goto("/admin/languages");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Edit Steer" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Language" });
    await edit.getByLabel("Voice").selectOption("eo");
    await expectNoAxeViolations(page);
    await edit.getByRole("button", { name: "Update Language" }).click();
    await expectToast(page, "Language updated successfully");
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Edit Steer" }).click();
    await expect(page.getByRole("dialog", { name: "Edit Language" }).getByLabel("Voice")).toHaveValue("eo");

    const again = await generateFor(page, "Steer");
    await expectToast(page, "Audio generated successfully");
    await expect(again.getByLabel("Audio URL")).toHaveValue(/^\/storage\/content\/audio\/[0-9a-f]{32}-zz-steer-saluton\.mp3$/);
  } finally {
    await page.goto("/admin/languages");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Delete Steer" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Language deleted successfully");
  }
});

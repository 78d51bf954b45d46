import type { Page } from "@playwright/test";
import { expect } from "#e2e/support/fixtures.ts";

/** Steps of the admin's dialogs that several specs take. */

/** A toast with this title is shown (the first, if the same toast came twice). */
export async function expectToast(page: Page, title: string, options: { timeout?: number } = {}) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible(options);
}

/** Adds a language through the Add Language dialog of an open, hydrated Languages tab. */
export async function addLanguage(page: Page, id: string, name: string) {
  await page.getByRole("button", { name: "Add Language" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Language" });
  await dialog.getByLabel("Language ID").fill(id);
  await dialog.getByLabel("Language Name").fill(name);
  await dialog.getByLabel("Flag Image URL").fill("/favicon.svg");
  await dialog.getByRole("button", { name: "Add Language" }).click();
  await expectToast(page, "Language added successfully");
  await expect(dialog).toBeHidden();
}

import type { Page } from "@playwright/test";
import { expect, submitSignIn } from "#e2e/support/fixtures.ts";

/** Helpers for the Users tab specs. */

/** Signs someone other than the admin in, in a page of its own. */
export async function signIn(page: Page, email: string, password: string) {
  await submitSignIn(page, { email, password });
  await page.waitForURL((url) => url.pathname !== "/auth");
}

export { expectToast } from "#e2e/support/admin-dialogs.ts";

/** The browser logs a refused answer's status on the console; when a test expects that answer, it is no error. */
export async function expectRefusedOnConsole(pageErrors: string[], status: number) {
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringContaining(`status of ${status}`)]);
  pageErrors.length = 0;
}

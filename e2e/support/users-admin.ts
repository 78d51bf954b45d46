import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, waitForHydration } from "#e2e/support/fixtures.ts";
import { adminAreaFixture, servers } from "#e2e/support/servers.ts";

/**
 * Helpers for the Users tab specs. The admin signs in once per spec file and every test reuses that session
 * (storageState): the sign-in limit allows 3 attempts in 10 s per client, and all tests here share one address.
 */

export function adminStatePath(name: string) {
  return path.join(os.tmpdir(), `phrasewise-e2e-users-${name}-${process.pid}.json`);
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
}

export async function saveAdminSession(browser: Browser, file: string) {
  const context = await browser.newContext({ baseURL: servers.users.url, storageState: undefined });
  const page = await context.newPage();
  await signIn(page, adminAreaFixture.admin.email, adminAreaFixture.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await context.storageState({ path: file });
  await context.close();
}

export function removeFile(file: string) {
  fs.rmSync(file, { force: true });
}

export async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

/** The browser logs a refused answer's status on the console; when a test expects that answer, it is no error. */
export async function expectRefusedOnConsole(pageErrors: string[], status: number) {
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringContaining(`status of ${status}`)]);
  pageErrors.length = 0;
}

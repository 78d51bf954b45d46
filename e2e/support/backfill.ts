import type { Browser, Page } from "@playwright/test";
import { expect, waitForHydration } from "#e2e/support/fixtures.ts";
import { adminAreaFixture, servers } from "#e2e/support/servers.ts";

export const backfillServer = servers.backfill.url;

/** Signs the admin in once per worker (the sign-in limit is 3 in 10 s per client). */
export async function backfillAdminSession(browser: Browser) {
  const context = await browser.newContext({ baseURL: backfillServer });
  const page = await context.newPage();
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(adminAreaFixture.admin.email);
  await page.getByLabel("Password").fill(adminAreaFixture.admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

export const runProgress = (page: Page) => page.getByRole("progressbar", { name: "Generating audio" });

export async function progressValue(page: Page) {
  return Number((await runProgress(page).getAttribute("aria-valuenow")) ?? "0");
}

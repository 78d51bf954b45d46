import type { Page } from "@playwright/test";
import { servers } from "#e2e/support/servers.ts";

export const backfillServer = servers.backfill.url;

export const runProgress = (page: Page) => page.getByRole("progressbar", { name: "Generating audio" });

export async function progressValue(page: Page) {
  return Number((await runProgress(page).getAttribute("aria-valuenow")) ?? "0");
}

import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { addLanguage } from "#e2e/support/admin-dialogs.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * The website on the live channel (GET /api/v1/events, issue 25) on the live server: an admin tab hears of catalogue
 * changes made elsewhere (and not of its own), and the profile listens with the learner's session. The channel's own
 * rules (who hears what, across servers) are tests/api/events*.test.ts.
 */

test.use({ baseURL: servers.live.url, signedInAsAdmin: true });
test.describe.configure({ mode: "serial", timeout: 60_000 });

/** Opens a page and waits until its live channel is open (its `ready` has been read as the stream began). */
async function openListening(page: Page, path: string) {
  const channel = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/events");
  await page.goto(path);
  const response = await channel;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/event-stream");
}

test("an admin tab says the catalogue was updated by another admin, politely, and Reload shows the change", async ({ page }) => {
  // Names of this run's own (the server lives for the whole suite; --repeat-each runs this again).
  const run = Date.now().toString(36);
  await openListening(page, "/admin/languages");
  const notice = page.getByRole("status").filter({ hasText: "updated by another admin" });

  // Another tab (another admin's, for all this tab can tell) changes the catalogue.
  const other = await page.context().newPage();
  await other.goto("/admin/languages");
  // A page of its own (not the fixture's): its Add Language button works once React has hydrated.
  await waitForHydration(other);
  await addLanguage(other, `other${run}`, `Other Change ${run}`);
  await other.close();

  await expect(notice).toBeVisible();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: "updated by another admin" })).toHaveCount(1);
  await expect(page.getByText(`Other Change ${run}`)).toHaveCount(0);
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByText(`Other Change ${run}`).first()).toBeVisible();
  await expect(notice).toBeHidden();

  // The tab's own save is not news to it: the server announces the change before it answers the save, and the page's
  // data read after the save clears it. The region says where the change stands, so this waits for no timer: a
  // change still "settling" once the data is back would show as "settled" a second later.
  await addLanguage(page, `own${run}`, `Own Change ${run}`);
  await expect(page.getByText(`Own Change ${run}`).first()).toBeVisible();
  await expect(page.locator("[data-catalog-change]")).toHaveAttribute("data-catalog-change", "none");
  await expect(notice).toBeHidden();
});

test("the profile listens with the signed-in session (EventSource sends the cookie); the public pages open no channel", async ({ page }) => {
  const channels: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/v1/events") channels.push(page.url());
  });
  await page.goto("/");
  await page.goto("/languages");
  expect(channels).toEqual([]);
  // The session cookie goes with EventSource: the channel answers as the signed-in person.
  await openListening(page, "/profile");
  const ready = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const source = new EventSource("/api/v1/events");
        source.addEventListener("ready", (event) => {
          source.close();
          resolve((event as MessageEvent<string>).data);
        });
      }),
  );
  expect(JSON.parse(ready)).toEqual({ signedIn: true });
});

test("an open profile shows what the learner's app just synced, without a reload", async ({ page }) => {
  await openListening(page, "/profile");
  const goal = page.getByRole("progressbar", { name: "Today's goal" });
  await expect(goal).toBeVisible();
  // Marks this document: a reload or a navigation would lose it.
  await page.evaluate(() => document.documentElement.setAttribute("data-same-document", "yes"));
  const target = 37 + (Date.now() % 50);
  // The app pushes a new daily goal (the session cookie stands in for its token: same learner, same door rules).
  const push = await page.request.post("/api/v1/sync/push", {
    data: { pushId: crypto.randomUUID(), deviceId: "e2e-phone", changes: [{ type: "settings.set", goal: { kind: "reviews", target } }] },
  });
  expect(push.status()).toBe(200);
  await expect(goal).toHaveAttribute("aria-valuemax", String(target));
  await expect(page.locator("html")).toHaveAttribute("data-same-document", "yes");
});

import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { addLanguage as addLanguageInDialog, expectToast } from "#e2e/support/admin-dialogs.ts";
import { adminAreaFixture, servers } from "#e2e/support/servers.ts";

/**
 * The admin Languages, Levels and Lessons tabs (issue 10, points 1-3) on the catalog server, which starts with no
 * catalogue at all. The tests run in order: the first sees the empty states, the others each create what they
 * need under names of their own.
 */

test.use({ baseURL: servers.catalog.url });
// Generous: two cores are shared with other servers, and these tests walk through whole dialogs.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let sessionCookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];

// One sign-in for the file: the sign-in limit (3 in 10 s per address) would otherwise refuse later tests.
test.beforeAll(async () => {
  const api = await playwrightRequest.newContext({ baseURL: servers.catalog.url });
  const response = await api.post("/auth", {
    form: { intent: "sign-in", email: adminAreaFixture.admin.email, password: adminAreaFixture.admin.password },
    headers: { origin: servers.catalog.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  sessionCookies = (await api.storageState()).cookies.filter((c) => !c.name.includes("flash"));
  await api.dispose();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies(sessionCookies);
  await context.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
});

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Adds a language from the Languages tab. */
async function addLanguage(page: Page, id: string, name: string) {
  await open(page, "/admin/languages");
  await addLanguageInDialog(page, id, name);
}

async function addLevel(page: Page, languageName: string, id: string, title: string, cefr: string) {
  await page.getByRole("button", { name: "Add Level" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Level" });
  await dialog.getByLabel("Language").selectOption({ label: languageName });
  await dialog.getByLabel("Level ID").fill(id);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("CEFR Label").selectOption(cefr);
  await dialog.getByRole("button", { name: "Add Level" }).click();
  await expectToast(page, "Level added successfully");
  await expect(dialog).toBeHidden();
}

async function addLesson(page: Page, languageName: string, levelLabel: string, id: string, title: string) {
  await page.getByRole("button", { name: "Add New Lesson" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Lesson" });
  await dialog.getByLabel("Language").selectOption({ label: languageName });
  await dialog.getByLabel("Level").selectOption({ label: levelLabel });
  await dialog.getByLabel("Lesson ID").fill(id);
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Translated Title").fill(`${title} (translated)`);
  await dialog.getByRole("button", { name: "Add Lesson" }).click();
  await expectToast(page, "Lesson added successfully");
  await expect(dialog).toBeHidden();
}

test("with no catalogue, each tab shows its empty state and the add buttons that need a parent are disabled", async ({ page }) => {
  await open(page, "/admin/languages");
  await expect(page.getByText("No languages found. Add your first language to get started.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("languages-empty-1280.png"), fullPage: true });

  await open(page, "/admin/levels");
  await expect(page.getByText("You need to add languages first before creating levels.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Level" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Manage Languages" }).click();
  await expect(page).toHaveURL(/\/admin\/languages$/);

  await open(page, "/admin/lessons");
  await expect(page.getByText("Add languages and levels first before creating lessons.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add New Lesson" })).toBeDisabled();
});

test("languages: add with validation, edit with a read-only ID, delete after a cascade warning; the public list follows", async ({ page }) => {
  await open(page, "/admin/languages");
  await page.getByRole("button", { name: "Add Language" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Language" });
  await expect(dialog.getByLabel("Language ID")).toBeFocused();
  await dialog.getByLabel("Language ID").fill("X");
  await dialog.getByLabel("Language Name").fill("Q");
  await dialog.getByLabel("Flag Image URL").fill("not a url");
  await dialog.getByRole("button", { name: "Add Language" }).click();
  await expect(dialog.getByText("Language ID must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Language name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid URL for the flag image")).toBeVisible();
  await dialog.getByLabel("Language ID").fill("Bad ID");
  await expect(dialog.getByText("ID must contain only lowercase letters, numbers, and hyphens")).toBeVisible();
  await dialog.getByLabel("Language ID").fill("e2e-italian");
  await dialog.getByLabel("Language Name").fill("Italian E2E");
  await dialog.getByLabel("Flag Image URL").fill("/favicon.svg");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("language-dialog-1280.png") });
  await dialog.getByRole("button", { name: "Add Language" }).click();
  await expectToast(page, "Language added successfully");
  await expect(dialog).toBeHidden();
  const card = page.locator("[data-language-card='e2e-italian']");
  await expect(card).toContainText("Italian E2E");
  await expect(card).toContainText("ID: e2e-italian");

  await open(page, "/languages");
  await expect(page.getByText("Italian E2E").first()).toBeVisible();

  await open(page, "/admin/languages");
  await page.getByRole("button", { name: "Edit Italian E2E" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Language" });
  await expect(edit.getByLabel("Language ID")).toHaveAttribute("readonly", "");
  await edit.getByLabel("Language Name").fill("Italiano E2E");
  await edit.getByRole("button", { name: "Update Language" }).click();
  await expectToast(page, "Language updated successfully");
  await expect(page.locator("[data-language-card='e2e-italian']")).toContainText("Italiano E2E");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("languages-1280.png"), fullPage: true });

  await page.getByRole("button", { name: "Delete Italiano E2E" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("This will also delete all its levels, lessons and phrases.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator("[data-language-card='e2e-italian']")).toBeVisible();
  await page.getByRole("button", { name: "Delete Italiano E2E" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Language deleted successfully");
  await expect(page.locator("[data-language-card='e2e-italian']")).toHaveCount(0);
  await open(page, "/languages");
  await expect(page.getByText("Italiano E2E")).toHaveCount(0);
});

test("levels: a table per language, order by move up/down, and a lock switch that sends the public page to /locked-content", async ({ page }) => {
  await addLanguage(page, "e2e-levels", "Levels Lang");
  await open(page, "/admin/levels");
  const table = page.getByRole("region", { name: "Levels Lang" });
  await expect(table.getByText("No levels found for this language.")).toBeVisible();
  await addLevel(page, "Levels Lang", "one", "First Level", "A1");
  await addLevel(page, "Levels Lang", "two", "Second Level", "A2");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("First Level");
  await expect(table.getByRole("button", { name: "Move First Level up" })).toBeDisabled();
  await expect(table.getByRole("button", { name: "Move Second Level down" })).toBeDisabled();

  await table.getByRole("button", { name: "Move Second Level up" }).click();
  await expectToast(page, "Level order updated");
  await expect(rows.nth(0)).toContainText("Second Level");
  await expect(table.getByRole("button", { name: "Move Second Level up" })).toBeDisabled();

  const lock = table.getByRole("switch", { name: "Lock First Level" });
  await expect(rows.nth(1)).toContainText("Unlocked");
  await lock.click();
  await expectToast(page, "Level locked successfully");
  await expect(lock).toBeChecked();
  await expect(rows.nth(1)).toContainText("Locked");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("levels-1280.png"), fullPage: true });

  await page.getByRole("button", { name: "Edit Second Level" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Level" });
  await expect(edit.getByLabel("Level ID")).toHaveAttribute("readonly", "");
  await edit.getByLabel("Title").fill("S");
  await edit.getByRole("button", { name: "Update Level" }).click();
  await expect(edit.getByText("Title must be at least 2 characters")).toBeVisible();
  await edit.getByLabel("Title").fill("Second Level Renamed");
  await edit.getByLabel("Icon URL").fill("nope");
  await edit.getByRole("button", { name: "Update Level" }).click();
  await expect(edit.getByText("Please enter a valid URL for the icon image")).toBeVisible();
  await edit.getByLabel("Icon URL").fill("");
  await page.screenshot({ path: test.info().outputPath("level-dialog-1280.png") });
  await edit.getByRole("button", { name: "Update Level" }).click();
  await expectToast(page, "Level updated successfully");
  await expect(rows.nth(0)).toContainText("Second Level Renamed");

  // Learners get the promo; the admin previews the locked level from its row (issue 27, point 4), in a new tab.
  const visitor = await page.context().browser()!.newPage({ baseURL: servers.catalog.url });
  await visitor.goto("/e2e-levels/one");
  await expect(visitor).toHaveURL(/\/locked-content\?/);
  await visitor.close();
  const view = table.getByRole("link", { name: "View First Level on the site" });
  await expect(view).toHaveAttribute("target", "_blank");
  const [preview] = await Promise.all([page.context().waitForEvent("page"), view.click()]);
  await expect(preview).toHaveURL(/\/e2e-levels\/one$/);
  await expect(preview.getByRole("note")).toContainText("Locked: learners see the app promo");
  await expect(preview.getByRole("heading", { name: "Lessons", level: 1 })).toBeVisible();
  await preview.close();
  // The admin's view was never stored for others: a visitor asking again still gets the redirect.
  const stranger = await playwrightRequest.newContext({ baseURL: servers.catalog.url });
  expect((await stranger.get("/e2e-levels/one", { maxRedirects: 0 })).status()).toBe(302);
  expect((await stranger.get("/e2e-levels/one.data", { maxRedirects: 0 })).status()).not.toBe(200);
  await stranger.dispose();
  await page.goto("/e2e-levels/two");
  await expect(page).toHaveURL(/\/e2e-levels\/two$/);
  await expect(page.getByRole("heading", { name: "Lessons", level: 1 })).toBeVisible();

  await open(page, "/admin/levels");
  await page.getByRole("button", { name: "Delete First Level" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("This will also delete all its lessons and phrases.");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Level deleted successfully");
  await expect(rows).toHaveCount(1);
});

test("lessons: grouped by language and level, keyboard drag then Save Order, move buttons, lock, edit cascade and delete", async ({ page }) => {
  await addLanguage(page, "e2e-lessons", "Lessons Lang");
  await open(page, "/admin/levels");
  await addLevel(page, "Lessons Lang", "base", "Basics", "A1");
  await addLevel(page, "Lessons Lang", "more", "More", "A2");
  await open(page, "/admin/lessons");
  await addLesson(page, "Lessons Lang", "Basics (A1)", "alpha", "Alpha");
  await addLesson(page, "Lessons Lang", "Basics (A1)", "beta", "Beta");
  await addLesson(page, "Lessons Lang", "Basics (A1)", "gamma", "Gamma");
  const group = page.getByRole("region", { name: "Lessons Lang - Basics" });
  const rows = group.locator("[data-lesson-row]");
  await expect(rows).toHaveCount(3);
  // The server numbers new lessons: 0, 1, 2.
  await expect(rows.nth(0)).toContainText("Order: 0");
  await expect(rows.nth(2)).toContainText("Order: 2");

  // Keyboard drag: Space picks Alpha up, ArrowDown twice, Space drops it last.
  const handle = group.getByRole("button", { name: "Drag Alpha to reorder" });
  // A click without movement starts no drag; it puts the focus on the handle (after the closed dialog gave it back).
  await handle.click();
  await expect(handle).toBeFocused();
  const alphaRow = group.locator("[data-lesson-row='alpha']");
  const lastY = (await rows.nth(2).boundingBox())!.y;
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  // dnd-kit measures the rows just after the drag starts and ignores arrows until then; at the last place a further
  // ArrowDown does nothing, so pressing until Alpha is there cannot overshoot.
  await expect(async () => {
    await page.keyboard.press("ArrowDown");
    expect((await alphaRow.boundingBox())!.y).toBeGreaterThanOrEqual(lastY - 2);
  }).toPass();
  await page.keyboard.press("Space");
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
  await expect(rows.nth(2)).toContainText("Alpha");
  const save = group.getByRole("button", { name: "Save Order" });
  await expect(save).toBeVisible();
  // Leaving with the order not saved asks first (issue 27, point 7); Stay keeps the page and the new order.
  const levelsTab = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Levels" });
  const leave = page.getByRole("alertdialog", { name: "Leave without saving the new order?" });
  await levelsTab.click();
  await expect(leave).toContainText("The lessons have a new order that is not saved yet. Stay and select Save Order to keep it.");
  await expectNoAxeViolations(page);
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/lessons/);
  await expect(rows.nth(2)).toContainText("Alpha");
  await save.click();
  await expectToast(page, "Lesson order updated successfully");
  await expect(save).toBeHidden();
  await expect(rows.nth(0)).toContainText("Beta");
  await expect(rows.nth(0)).toContainText("Order: 0");
  await expect(rows.nth(2)).toContainText("Alpha");
  await expect(rows.nth(2)).toContainText("Order: 2");

  await page.goto("/e2e-lessons/base");
  const hrefs = await page.locator('main a[href^="/e2e-lessons/base/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect([...new Set(hrefs)]).toEqual(["/e2e-lessons/base/beta", "/e2e-lessons/base/gamma", "/e2e-lessons/base/alpha"]);

  // Mouse drag: Alpha's handle onto the first row.
  await open(page, "/admin/lessons");
  const dragAlphaFirst = async () => {
    const from = (await group.getByRole("button", { name: "Drag Alpha to reorder" }).boundingBox())!;
    const to = (await rows.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 10 });
    await page.mouse.up();
    await expect(rows.nth(0)).toContainText("Alpha");
    // dnd-kit swallows every click for 50 ms after a pointer drag ends (its guard against the drop's own click): a
    // Save Order clicked inside that window is lost. Wait until a click reaches its target again.
    await page.waitForFunction(() => {
      const probe = document.body.appendChild(document.createElement("span"));
      let reached = false;
      probe.addEventListener("click", () => (reached = true));
      probe.click();
      probe.remove();
      return reached;
    });
  };
  await dragAlphaFirst();
  // Leave goes on and drops the new order: back on the tab, the list is the saved one.
  await levelsTab.click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/admin\/levels/);
  await page.goBack();
  await expect(rows.nth(0)).toContainText("Beta");
  await expect(group.getByRole("button", { name: "Save Order" })).toBeHidden();
  await dragAlphaFirst();
  await group.getByRole("button", { name: "Save Order" }).click();
  await expectToast(page, "Lesson order updated successfully");
  await expect(group.getByRole("button", { name: "Save Order" })).toBeHidden();
  await expect(rows.nth(0)).toContainText("Order: 0");

  await group.getByRole("button", { name: "Move Beta up" }).click();
  await expect(rows.nth(0)).toContainText("Beta");
  await expect(group.getByRole("button", { name: "Move Beta up" })).toBeDisabled();

  await group.getByRole("switch", { name: "Lock Beta" }).click();
  await expectToast(page, "Lesson locked successfully");
  // The admin previews it (issue 27, point 4); a visitor gets the promo.
  await page.goto("/e2e-lessons/base/beta");
  await expect(page.getByRole("note")).toContainText("Locked: learners see the app promo");
  await expect(page.getByRole("button", { name: "Mark as complete" })).toHaveCount(0);
  const visitor = await page.context().browser()!.newPage({ baseURL: servers.catalog.url });
  await visitor.goto("/e2e-lessons/base/beta");
  await expect(visitor).toHaveURL(/\/locked-content\?/);
  await visitor.close();

  await open(page, "/admin/lessons");
  await group.getByRole("button", { name: "Edit Alpha" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Lesson" });
  await expect(edit.getByLabel("Lesson ID")).toHaveAttribute("readonly", "");
  await edit.getByLabel("Translated Title").fill("A");
  await edit.getByRole("button", { name: "Update Lesson" }).click();
  await expect(edit.getByText("Translated title must be at least 2 characters")).toBeVisible();
  // The cascade: another language clears the level; the level list is that language's.
  await edit.getByLabel("Language").selectOption({ label: "Lessons Lang" });
  await edit.getByLabel("Level").selectOption({ label: "More (A2)" });
  await edit.getByLabel("Translated Title").fill("Alfa");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("lesson-dialog-1280.png") });
  await edit.getByRole("button", { name: "Update Lesson" }).click();
  await expectToast(page, "Lesson updated successfully");
  // The tab shows one level at a time: Alpha has left Basics; it is under More.
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "More (A2)" });
  await expect(page).toHaveURL(/level=more/);
  const moreGroup = page.getByRole("region", { name: "Lessons Lang - More" });
  await expect(moreGroup.locator("[data-lesson-row]")).toHaveCount(1);
  await expect(moreGroup).toContainText("Alfa");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("lessons-1280.png"), fullPage: true });

  // Back to Basics.
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "Basics (A1)" });
  await expect(page).toHaveURL(/level=base/);
  await group.getByRole("button", { name: "Delete Gamma" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "Are you sure you want to delete this lesson? This will also delete all associated phrases.",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Lesson deleted successfully");
  await expect(rows).toHaveCount(1);
});

// A 1x1 PNG.
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("icon upload: a good image fills the Icon URL and preview; a wrong type or an oversized file is refused", async ({ page }) => {
  await addLanguage(page, "e2e-icons", "Icons Lang");
  await open(page, "/admin/levels");
  await page.getByRole("button", { name: "Add Level" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Level" });
  const picker = dialog.getByLabel("Upload Icon");

  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expectToast(page, "Failed to upload icon");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Please select an image file" })).toBeVisible();

  await picker.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Image size should be less than 2MB" })).toBeVisible();
  await expect(dialog.getByLabel("Icon URL")).toHaveValue("");

  await picker.setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: png });
  await expectToast(page, "Icon uploaded successfully");
  await expect(dialog.getByLabel("Icon URL")).toHaveValue(/\/storage\/content\//);
  await expect(dialog.getByRole("img", { name: "Icon preview" })).toBeVisible();

  await dialog.getByLabel("Language").selectOption({ label: "Icons Lang" });
  await dialog.getByLabel("Level ID").fill("iconic");
  await dialog.getByLabel("Title").fill("Iconic");
  await dialog.getByLabel("CEFR Label").selectOption("B1");
  await dialog.getByRole("button", { name: "Add Level" }).click();
  await expectToast(page, "Level added successfully");
  const icon = page.locator("[data-level-row='iconic'] img");
  await expect(icon).toHaveAttribute("src", /\/storage\/content\//);
  expect(await icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("levels and lessons show one language (and one level) at a time, chosen in the URL", async ({ page }) => {
  await open(page, "/admin/levels?language=e2e-lessons");
  await expect(page.getByRole("region", { name: "Lessons Lang" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Levels Lang" })).toHaveCount(0);
  await page.getByLabel("Show the levels of").selectOption({ label: "Levels Lang" });
  await expect(page).toHaveURL(/\?language=e2e-levels$/);
  await expect(page.getByRole("region", { name: "Levels Lang" }).locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Lessons Lang" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("levels-filter-1280.png"), fullPage: true });

  await open(page, "/admin/lessons?language=e2e-lessons&level=all");
  await expect(page.getByRole("region", { name: "Lessons Lang - Basics" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Lessons Lang - More" })).toBeVisible();
  await page.getByLabel("Level", { exact: true }).selectOption({ label: "More (A2)" });
  await expect(page).toHaveURL(/level=more/);
  await expect(page.getByRole("region", { name: "Lessons Lang - Basics" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Lessons Lang - More" })).toContainText("Alfa");
  // Another language starts at its own first level.
  await page.getByLabel("Show the lessons of").selectOption({ label: "Levels Lang" });
  await expect(page).toHaveURL(/\?language=e2e-levels$/);
  await expect(page.getByLabel("Level", { exact: true })).toHaveValue("two");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("lessons-filter-1280.png"), fullPage: true });

  // The filters on a phone (the mobile spec's server has no catalogue to filter).
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ["/admin/levels?language=e2e-lessons", "levels-filter-390.png"],
    ["/admin/lessons?language=e2e-lessons&level=more", "lessons-filter-390.png"],
  ] as const) {
    await open(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  }
});

test("Add Level and Add New Lesson start where the admin is looking, and 'Save and add another' keeps it (issue 27)", async ({ page }) => {
  await addLanguage(page, "e2e-remember", "Remember Lang");
  await open(page, "/admin/levels?language=e2e-remember");
  await page.getByRole("button", { name: "Add Level" }).click();
  const levelDialog = page.getByRole("dialog", { name: "Add New Level" });
  await expect(levelDialog.getByLabel("Language")).toHaveValue("e2e-remember");
  await levelDialog.getByLabel("Level ID").fill("r1");
  await levelDialog.getByLabel("Title").fill("Remember One");
  await levelDialog.getByLabel("CEFR Label").selectOption("A1");
  await levelDialog.getByRole("button", { name: "Save and add another" }).click();
  await expectToast(page, "Level added successfully");
  // A fresh form in the same language, the cursor in Level ID.
  await expect(levelDialog.getByLabel("Level ID")).toHaveValue("");
  await expect(levelDialog.getByLabel("Level ID")).toBeFocused();
  await expect(levelDialog.getByLabel("Language")).toHaveValue("e2e-remember");
  await levelDialog.getByLabel("Level ID").fill("r2");
  await levelDialog.getByLabel("Title").fill("Remember Two");
  // The CEFR label is a choice of A1-C2; "Other" takes a school's own label, typed below (issue 27, point 7).
  await expect(levelDialog.getByLabel("CEFR Label")).toHaveValue("");
  await levelDialog.getByLabel("CEFR Label").selectOption({ label: "Other (type it)" });
  await expect(levelDialog.getByLabel("Custom CEFR label")).toBeFocused();
  await levelDialog.getByRole("button", { name: "Add Level" }).click();
  await expect(levelDialog.getByLabel("Custom CEFR label")).toHaveAccessibleDescription("CEFR label is required");
  await levelDialog.getByLabel("Custom CEFR label").fill("A2.1");
  await expectNoAxeViolations(page);
  await levelDialog.getByRole("button", { name: "Add Level" }).click();
  await expect(levelDialog).toBeHidden();
  await expect(page.locator("[data-level-row='r1']")).toContainText("A1");
  await expect(page.locator("[data-level-row='r2']")).toContainText("A2.1");
  // Editing it shows the label as it was typed.
  await page.getByRole("button", { name: "Edit Remember Two" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Level" });
  await expect(editDialog.getByLabel("CEFR Label", { exact: true })).toHaveValue("other");
  await expect(editDialog.getByLabel("Custom CEFR label")).toHaveValue("A2.1");
  await editDialog.getByRole("button", { name: "Cancel" }).click();

  await open(page, "/admin/lessons?language=e2e-remember&level=r2");
  await page.getByRole("button", { name: "Add New Lesson" }).click();
  const lessonDialog = page.getByRole("dialog", { name: "Add New Lesson" });
  await expect(lessonDialog.getByLabel("Language")).toHaveValue("e2e-remember");
  await expect(lessonDialog.getByLabel("Level")).toHaveValue("r2");
  for (const [id, title, again] of [["first-words", "First Words", true], ["more-words", "More Words", false]] as const) {
    await lessonDialog.getByLabel("Lesson ID").fill(id);
    await lessonDialog.getByLabel("Title", { exact: true }).fill(title);
    await lessonDialog.getByLabel("Translated Title").fill(`${title} (translated)`);
    await lessonDialog.getByRole("button", { name: again ? "Save and add another" : "Add Lesson" }).click();
    if (again) {
      await expectToast(page, "Lesson added successfully");
      await expect(lessonDialog.getByLabel("Lesson ID")).toHaveValue("");
      await expect(lessonDialog.getByLabel("Lesson ID")).toBeFocused();
      await expect(lessonDialog.getByLabel("Level")).toHaveValue("r2");
    }
  }
  await expect(lessonDialog).toBeHidden();
  await expect(page.getByText("First Words", { exact: true })).toBeVisible();
  await expect(page.getByText("More Words", { exact: true })).toBeVisible();

  // The page carries its own language's levels; the form fetches another language's when the admin picks it.
  await addLanguage(page, "e2e-remember-too", "Remember Too");
  await open(page, "/admin/lessons?language=e2e-remember-too");
  await page.getByRole("button", { name: "Add New Lesson" }).click();
  await expect(lessonDialog.getByLabel("Language")).toHaveValue("e2e-remember-too");
  await expect(lessonDialog.getByLabel("Level").locator("option")).toHaveText(["Select a level"]);
  await lessonDialog.getByLabel("Language").selectOption({ label: "Remember Lang" });
  await expect(lessonDialog.getByLabel("Level").locator("option")).toHaveText(["Select a level", "Remember One (A1)", "Remember Two (A2.1)"]);
  await lessonDialog.getByLabel("Level").selectOption({ label: "Remember Two (A2.1)" });
  await expect(lessonDialog.getByLabel("Level")).toHaveValue("r2");
  await lessonDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(lessonDialog).toBeHidden();
});

test("the Overview's catalog archive: Export downloads the catalogue; importing it back is checked first and changes nothing (issue 27)", async ({ page, pageErrors }) => {
  await open(page, "/admin");
  const panel = page.getByRole("region", { name: "Catalog archive" });
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Export catalog" }).click()]);
  const archive = test.info().outputPath("catalog.tar");
  await download.saveAs(archive);
  // A tar file: the "ustar" magic of its first header.
  expect(fs.readFileSync(archive).subarray(257, 262).toString()).toBe("ustar");

  await panel.getByRole("button", { name: "Import catalog" }).click();
  const dialog = page.getByRole("dialog", { name: "Import catalog" });
  await expect(dialog.getByRole("button", { name: "Check archive" })).toBeDisabled();
  // Something that is not an archive: refused with the reason, and the dialog stays to choose another.
  await dialog.getByLabel("Archive (.tar)").setInputFiles({ name: "notes.tar", mimeType: "application/x-tar", buffer: Buffer.from("not an archive") });
  await dialog.getByRole("button", { name: "Check archive" }).click();
  await expect(dialog.getByRole("alert")).not.toBeEmpty();
  // The browser logs the refusal (422) on the console: that one is expected.
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringContaining("status of 422")]);
  pageErrors.length = 0;

  await dialog.getByLabel("Archive (.tar)").setInputFiles(archive);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Check archive" }).click();
  await expect(dialog.getByRole("heading", { name: "What the import would do" })).toBeVisible();
  // Its own export: nothing to add, change or remove.
  for (const table of ["languages", "levels", "lessons", "phrases"]) {
    const cells = dialog.getByRole("row", { name: new RegExp(`^${table}\\b`, "i") }).getByRole("cell");
    await expect(cells).toHaveText(["0", "0", "0", /^\d+$/]);
  }
  await expect(dialog).toContainText("Learner data: 0 favorites and 0 lesson progress records would be removed");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath("catalog-import-check-1280.png") });
  await dialog.getByRole("button", { name: "Import now" }).click();
  await expectToast(page, "Catalog imported");
  await expect(dialog).toBeHidden();
  // The catalogue is still the one the earlier tests built.
  await open(page, "/admin/lessons?language=e2e-remember&level=r2");
  await expect(page.getByText("First Words", { exact: true })).toBeVisible();
});

test("the Overview's Latest Changes: who changed what, by section, with the texts before and after (issue 27 point 6)", async ({ page }) => {
  // A change with a before and an after: a language renamed.
  await addLanguage(page, "e2e-log", "Logging");
  await open(page, "/admin/languages");
  const card = page.locator("[data-language-card='e2e-log']");
  await card.getByRole("button", { name: /^Edit/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Language" });
  await dialog.getByLabel("Language Name").fill("Logged");
  await dialog.getByRole("button", { name: "Update Language" }).click();
  await expectToast(page, "Language updated successfully");

  await open(page, "/admin");
  const log = page.getByRole("region", { name: "Latest Changes" });
  const newest = log.getByRole("listitem").first();
  await expect(newest).toContainText("Edited language");
  await expect(newest).toContainText("Logged (e2e-log)");
  await expect(newest).toContainText(adminAreaFixture.admin.email);
  await newest.getByText("What changed").click();
  await expect(newest.getByText("Logging", { exact: true })).toBeVisible();
  await expect(newest.getByText("Logged", { exact: true })).toBeVisible();
  // The previous test imported the catalogue's own export: nothing changed, so nothing was logged.
  await expect(log.getByText("Imported the catalog archive")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await log.screenshot({ path: "/work/notes/shots/change-log/overview-1280.png" });

  // The filter: nothing in the blog on this server; the catalogue's entries again.
  const filter = log.getByRole("navigation", { name: "Show changes in" });
  await filter.getByRole("link", { name: "Blog" }).click();
  await expect(log.getByText("No changes recorded in this section yet.")).toBeVisible();
  await expect(filter.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
  await filter.getByRole("link", { name: "Catalog" }).click();
  await expect(log.getByRole("listitem").first()).toContainText("Edited language");

  await page.setViewportSize({ width: 390, height: 844 });
  await log.getByRole("listitem").first().getByText("What changed").click();
  await expectNoSidewaysScroll(page);
  await log.screenshot({ path: "/work/notes/shots/change-log/overview-390.png" });
});

import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { anyWidth, expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * The Language dialog's flag field (issue 22, item 9), at 1280 px (desktop project), 390 px (mobile project) and
 * 768 px: an upload like the level and lesson icons', a preview only of a complete address the page may load, the
 * note for another site's address (copied on save), and the refusal of an address a browser would read as another
 * site's. On the users server: its tests never look at the catalogue.
 */

test.use({ baseURL: servers.users.url, signedInAsAdmin: true });
test.describe.configure({ timeout: 120_000 });

const shots = "/work/notes/shots/media-urls";
// A flag-shaped PNG.
const flagPng = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#c60b1e" } }).png().toBuffer();

async function openAddLanguage(page: Page) {
  await page.goto("/admin/languages");
  await page.getByRole("button", { name: "Add Language" }).click();
  return page.getByRole("dialog", { name: "Add Language" });
}

async function flagFieldBehaves(page: Page, width: number, id: string) {
  fs.mkdirSync(shots, { recursive: true });
  const outsideRequests: string[] = [];
  page.on("request", (request) => {
    if (/^https?:/.test(request.url()) && !request.url().startsWith(servers.users.url)) outsideRequests.push(request.url());
  });
  const dialog = await openAddLanguage(page);
  const flag = dialog.getByLabel("Flag Image URL");

  // Typed key by key: no preview (and no fetch) until the address is complete and the field is left.
  await flag.pressSequentially("https://flags.example/es.png");
  await expect(dialog.getByRole("img", { name: "Flag preview" })).toHaveCount(0);
  await flag.blur();
  await expect(dialog.getByText("This image is on another site: it will be copied to this site when you save.")).toBeVisible();
  await expect(flag).toHaveAccessibleDescription("This image is on another site: it will be copied to this site when you save.");
  await expect(dialog.getByRole("img", { name: "Flag preview" })).toHaveCount(0);
  expect(outsideRequests).toEqual([]);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/language-flag-outside-${width}.png` });

  // A backslash path is another site to a browser: refused.
  await flag.fill("/\\evil.example/x.png");
  // The dialog checks its fields on submit, every message at once.
  await dialog.getByRole("button", { name: "Add Language" }).click();
  await expect(dialog.getByText("Please enter a valid URL for the flag image")).toBeVisible();

  // The upload fills the field and the preview, as the icon upload does.
  await dialog.getByLabel("Upload Flag").setInputFiles({ name: "es.png", mimeType: "image/png", buffer: flagPng });
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Flag uploaded successfully" }).first()).toBeVisible();
  await expect(flag).toHaveValue(/^\/storage\/content\/flags\/[0-9a-f]{32}-es\.webp$/);
  const preview = dialog.getByRole("img", { name: "Flag preview" });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByText("Please enter a valid URL for the flag image")).toHaveCount(0);

  await dialog.getByLabel("Language ID").fill(id);
  await dialog.getByLabel("Language Name").fill(`Flag ${width}`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/language-flag-uploaded-${width}.png` });
  await dialog.getByRole("button", { name: "Add Language" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Language added successfully" }).first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The saved flag shows on the card and on the public list.
  const card = page.locator(`[data-language-card='${id}'] img`);
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.goto("/languages");
  const publicFlag = page.locator(`img[src^='/storage/content/flags/']`).first();
  await expect.poll(() => publicFlag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(outsideRequests).toEqual([]);

  // Clean up: the users server's other tests never list languages, but a rerun adds the same ID.
  await page.goto("/admin/languages");
  await page.getByRole("button", { name: `Delete Flag ${width}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: /delete/i }).click();
  await expect(page.locator(`[data-language-card='${id}']`)).toHaveCount(0);
}

test("the Language dialog's flag: upload, preview and outside addresses", async ({ page }, testInfo) => {
  // The phone project checks 390 px; the desktop project 1280 px and a tablet's 768 px.
  const widths = testInfo.project.name === "desktop" ? [1280, 768] : [page.viewportSize()!.width];
  for (const width of widths) {
    if (width !== page.viewportSize()!.width) await page.setViewportSize({ width, height: 1024 });
    await flagFieldBehaves(page, width, `e2e-flag-${width}`);
  }
});

test.describe("the phrase dialog's audio address", () => {
  test.use({ baseURL: servers.phrases.url, signedInAsAdmin: true });

  test("another site's audio is not previewed but announced as copied on save", anyWidth, async ({ page }) => {
    const width = page.viewportSize()!.width;
    await page.goto("/admin/phrases");
    await page.getByRole("button", { name: "Add Phrases" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Phrases" });
    const audio = dialog.getByLabel("Audio URL");
    const note = "This audio file is on another site: it will be copied to this site when you save.";
    await audio.fill("https://audio.example/hola.mp3");
    await expect(dialog.getByText(note)).toBeVisible();
    await expect(audio).toHaveAccessibleDescription(note);
    await expect(dialog.getByRole("button", { name: "Play audio preview" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/phrase-audio-outside-${width}.png` });
    await audio.fill("/storage/content/audio/x.mp3");
    await expect(dialog.getByText(note)).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Play audio preview" })).toBeEnabled();
  });
});

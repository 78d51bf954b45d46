import { expect, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { servers } from "#e2e/support/servers.ts";
import { expectToast as expectAnyToast } from "#e2e/support/admin-dialogs.ts";

/** Helpers shared by the Blog tab's desktop and mobile specs (each test makes and looks at only its own posts). */

export const blogServer = servers.blog;

export function uniqueTitle(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export async function png(color: string, width = 1200, height = 630) {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

export async function expectToast(page: Page, title: string) {
  // A save with an image uploads, then saves: on a busy CI machine that took longer than the default 7 s once.
  await expectAnyToast(page, title, { timeout: 15_000 });
}

/** One post's line in the admin list: a table row on wide screens, a card on phones (only one of them shows). */
export function postRow(page: Page, title: string) {
  return page
    .locator("[data-post]")
    .filter({ visible: true })
    .filter({ has: page.getByRole("rowheader", { name: title, exact: true }).or(page.getByRole("heading", { name: title, exact: true })) });
}

/** Fills and saves the editor; the dialog must be open. */
export async function fillEditor(page: Page, post: { title?: string; excerpt?: string; content?: string }) {
  const dialog = page.getByRole("dialog");
  if (post.title !== undefined) await dialog.getByLabel("Title", { exact: true }).fill(post.title);
  if (post.excerpt !== undefined) await dialog.getByLabel("Excerpt").fill(post.excerpt);
  if (post.content !== undefined) await dialog.getByLabel("Content").fill(post.content);
}

export async function createPost(page: Page, post: { title: string; content: string; excerpt?: string; published?: boolean }) {
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Blog Post" });
  await expect(dialog).toBeVisible();
  await fillEditor(page, post);
  if (post.published) await dialog.getByRole("switch", { name: "Published" }).click();
  await dialog.getByRole("button", { name: "Create Post" }).click();
  await expectToast(page, "Blog post created successfully");
  await expect(dialog).toBeHidden();
  await expect(postRow(page, post.title).first()).toBeVisible();
}

/** The public status of an address as a visitor (no cookies) sees it, without following redirects. */
export async function visitorStatus(request: APIRequestContext, path: string) {
  const response = await request.fetch(`${blogServer.url}${path}`, { maxRedirects: 0, headers: { cookie: "" } });
  return { status: response.status(), location: response.headers()["location"], body: await response.text() };
}

import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { usersFixture } from "#e2e/support/profiles/users.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * The Users tab on a phone (390 px): one card per user instead of the wide table, every action in reach. Granting and
 * removing the role on the cards is tested in the desktop spec's serial group "changes to who is an admin", with this
 * phone's viewport: the last-admin guard there must not see a grant made here at the same time.
 */

test.use({ baseURL: servers.users.url, signedInAsAdmin: true });

test("the list reads as cards with the same facts and actions, Details opens from a card, and axe finds nothing", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: /Total users/ })).toBeHidden();
  await expect(page.getByRole("paragraph").filter({ hasText: /^Total users: \d+$/ })).toBeVisible();
  const cards = page.getByRole("list", { name: "Users" });
  const nameless = cards.getByRole("listitem").filter({ hasText: usersFixture.nameless.email });
  await expect(nameless).toContainText("nameless.learner");
  await expect(nameless.getByRole("link", { name: `Details of ${usersFixture.nameless.email}` })).toBeVisible();
  // Nothing sticks out sideways: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("users-390.png"), fullPage: true });

  await nameless.getByRole("link", { name: `Details of ${usersFixture.nameless.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await expect(dialog).toContainText("No admin privileges granted or removed.");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("users-390-details.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

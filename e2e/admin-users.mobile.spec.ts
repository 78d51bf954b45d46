import { expect, expectNoAxeViolations, test } from "#e2e/support/fixtures.ts";
import { usersFixture } from "#e2e/support/profiles/users.ts";
import { adminAreaFixture, servers } from "#e2e/support/servers.ts";
import { expectToast } from "#e2e/support/users-admin.ts";

/** The Users tab on a phone (390 px): one card per user instead of the wide table, every action in reach. */

test.use({ baseURL: servers.users.url, signedInAsAdmin: true });

test("the list reads as cards with the same facts and actions, grant by email works, and axe finds nothing", async ({ page }, testInfo) => {
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

  const card = page.getByRole("region", { name: "Add Admin by Email" });
  await card.getByLabel("Email address").fill(usersFixture.granteeMobile.email);
  await card.getByRole("button", { name: "Add Admin" }).click();
  await expectToast(page, `User ${usersFixture.granteeMobile.email} has been granted admin privileges`);
  const grantee = cards.getByRole("listitem").filter({ hasText: usersFixture.granteeMobile.email });
  await grantee.getByRole("button", { name: `Remove Admin: ${usersFixture.granteeMobile.email}` }).click();
  await expectToast(page, "Admin privileges removed");
  await expect(grantee.getByRole("button", { name: `Make Admin: ${usersFixture.granteeMobile.email}` })).toBeVisible();

  await grantee.getByRole("link", { name: `Details of ${usersFixture.granteeMobile.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "User Details" });
  await expect(dialog.getByRole("list", { name: "Admin role history" }).getByRole("listitem")).toHaveCount(2);
  await expect(dialog).toContainText(`by ${adminAreaFixture.admin.email}`);
  await page.screenshot({ path: testInfo.outputPath("users-390-details.png") });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, test } from "#e2e/support/fixtures.ts";
import { phone } from "#e2e/support/devices.ts";
import { usersFixture } from "#e2e/support/profiles/users.ts";
import { adminAreaFixture, servers } from "#e2e/support/servers.ts";
import { expectRefusedOnConsole, expectToast, signIn } from "#e2e/support/users-admin.ts";

/** The Users tab (issue 11) at 1280 px, on the users server, signed in as its one admin. */

test.use({ baseURL: servers.users.url, signedInAsAdmin: true });

const row = (page: Page, email: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: email, exact: true }) });

test("the table, its caption, the name fallback, search by email, and no axe violations", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
  const table = page.getByRole("table").first();
  await expect(table.getByRole("columnheader")).toHaveText(["Email", "Name", "Admin", "Verification", "Email Confirmed", "Joined", "Actions"]);
  await expect(table.locator("caption")).toHaveText(/^Total users: \d+$/);

  await expect(row(page, usersFixture.nameless.email).getByRole("cell").nth(1)).toHaveText("nameless.learner");
  await expect(row(page, adminAreaFixture.admin.email).getByRole("cell").nth(2)).toHaveText("Admin");
  await expect(row(page, adminAreaFixture.learner.email).getByRole("cell").nth(2)).toHaveText("User");
  const unconfirmed = row(page, usersFixture.unconfirmed.email);
  await expect(unconfirmed.getByRole("cell").nth(3)).toHaveText("Unverified");
  await expect(unconfirmed.getByRole("cell").nth(4)).toHaveText("No");

  await expect(page.getByRole("note")).toHaveText(
    "Admin users have full access to all settings and data management features. Be careful when granting admin privileges.",
  );
  await expect(page.getByRole("heading", { name: "Make Myself Admin" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath("users-1280.png"), fullPage: true });

  await page.getByLabel("Search by email").fill("NAMELESS");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=NAMELESS$/);
  await expect(page.getByRole("table").first().getByRole("row")).toHaveCount(2);
  await expect(row(page, usersFixture.nameless.email)).toBeVisible();
  await expect(page.getByText("1 user matches “nameless”.")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(row(page, adminAreaFixture.learner.email)).toBeVisible();
});

test("Refresh reloads the list and says so", async ({ page }) => {
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expectToast(page, "User list refreshed");
});

/**
 * Every test that makes someone an admin, or removes the role, runs in this one group, one after another: the last-admin
 * guard counts the site's admins, so a grant running beside it (another worker, or the phone layout) would let the sole
 * admin remove their own role, and every later test on this server would then be refused.
 */
test.describe("changes to who is an admin", () => {
  test.describe.configure({ mode: "serial" });

  test("Make Admin opens /admin to the user on their very next request, Remove Admin closes it, and Details shows both", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const learner = await browser.newContext({ baseURL: servers.users.url, storageState: undefined });
    const learnerPage = await learner.newPage();
    await signIn(learnerPage, usersFixture.rising.email, usersFixture.rising.password);
    await learnerPage.goto("/admin");
    await expect(learnerPage).toHaveURL(`${servers.users.url}/`);

    await page.goto("/admin/users");
    const rising = row(page, usersFixture.rising.email);
    // Each change is asked first; Cancel (or Escape) changes nothing and gives the focus back.
    const makeAdmin = rising.getByRole("button", { name: `Make Admin: ${usersFixture.rising.email}` });
    await makeAdmin.click();
    const grant = page.getByRole("alertdialog", { name: `Make ${usersFixture.rising.email} an admin?` });
    await expect(grant).toContainText("They get full access to all settings and data management features on their next request.");
    await expectNoAxeViolations(page);
    await grant.getByRole("button", { name: "Cancel" }).click();
    await expect(grant).toBeHidden();
    await expect(makeAdmin).toBeFocused();
    await expect(rising.getByRole("cell").nth(2)).toHaveText("User");
    await makeAdmin.click();
    await grant.getByRole("button", { name: "Make Admin" }).click();
    await expectToast(page, `User ${usersFixture.rising.email} has been granted admin privileges`);
    await expect(grant).toBeHidden();
    await expect(rising.getByRole("cell").nth(2)).toHaveText("Admin");

    await learnerPage.goto("/admin");
    await expect(learnerPage.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

    await rising.getByRole("button", { name: `Remove Admin: ${usersFixture.rising.email}` }).click();
    const remove = page.getByRole("alertdialog", { name: `Remove admin privileges from ${usersFixture.rising.email}?` });
    await remove.getByRole("button", { name: "Remove Admin" }).click();
    await expectToast(page, "Admin privileges removed");
    await expect(rising.getByRole("cell").nth(2)).toHaveText("User");

    await learnerPage.goto("/admin");
    await expect(learnerPage).toHaveURL(`${servers.users.url}/`);
    await expect(learnerPage.locator("[data-sonner-toast]").filter({ hasText: "Access denied" }).first()).toBeVisible();
    await learner.close();

    await rising.getByRole("link", { name: `Details of ${usersFixture.rising.email}` }).click();
    const dialog = page.getByRole("dialog", { name: "User Details" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Last sign-in")).toBeVisible();
    const history = dialog.getByRole("list", { name: "Admin role history" }).getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText("Admin removed");
    await expect(history.nth(1)).toContainText("Admin granted");
    await expect(history.nth(1)).toContainText(`by ${adminAreaFixture.admin.email}`);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/users$/);

    const log = page.getByRole("region", { name: "Admin Role Changes" }).getByRole("row").filter({ hasText: usersFixture.rising.email });
    await expect(log.first()).toContainText("Admin removed");
  });

  test("grant admin by email: an empty address, an unknown one, then a registered one", async ({ page, pageErrors }) => {
    await page.goto("/admin/users");
    const card = page.getByRole("region", { name: "Add Admin by Email" });
    const email = card.getByLabel("Email address");

    await email.fill("   ");
    await card.getByRole("button", { name: "Add Admin" }).click();
    await expectToast(page, "Please enter an email address");
    await expect(email).toHaveAccessibleDescription("Please enter an email address");
    await expectRefusedOnConsole(pageErrors, 400);

    // An address is asked about first; Cancel sends nothing and leaves it typed.
    await email.fill("nobody-here@phrasewise.test");
    await card.getByRole("button", { name: "Add Admin" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Make nobody-here@phrasewise.test an admin?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(email).toBeFocused();
    await expect(email).toHaveValue("nobody-here@phrasewise.test");
    await card.getByRole("button", { name: "Add Admin" }).click();
    await confirm.getByRole("button", { name: "Make Admin" }).click();
    await expectToast(page, "Failed to add admin: No account uses the email address nobody-here@phrasewise.test");
    await expect(email).toHaveValue("nobody-here@phrasewise.test");
    await expectRefusedOnConsole(pageErrors, 409);

    // Enter asks too, and Escape closes the question.
    await email.press("Enter");
    await expect(confirm).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await email.fill(usersFixture.grantee.email);
    await card.getByRole("button", { name: "Add Admin" }).click();
    await page.getByRole("alertdialog", { name: `Make ${usersFixture.grantee.email} an admin?` }).getByRole("button", { name: "Make Admin" }).click();
    await expectToast(page, `User ${usersFixture.grantee.email} has been granted admin privileges`);
    await expect(email).toHaveValue("");
    const grantee = row(page, usersFixture.grantee.email);
    await expect(grantee.getByRole("cell").nth(2)).toHaveText("Admin");

    // Back to one admin, so the other tests see the site as prepared.
    await grantee.getByRole("button", { name: `Remove Admin: ${usersFixture.grantee.email}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
    await expect(grantee.getByRole("cell").nth(2)).toHaveText("User");
  });

  test("the last admin is asked to confirm removing their own role, and the guard refuses and says why", async ({ page, pageErrors }) => {
    await page.goto("/admin/users");
    const own = row(page, adminAreaFixture.admin.email);
    await own.getByRole("button", { name: "Remove Admin: your own account" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove your own admin role?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();

    await own.getByRole("button", { name: "Remove Admin: your own account" }).click();
    await confirm.getByRole("button", { name: "Remove my admin role" }).click();
    await expectToast(
      page,
      "Failed to remove admin: You are the only administrator. Make another user an admin before removing your own admin role, or nobody could manage the site.",
    );
    await expectRefusedOnConsole(pageErrors, 409);
    await expect(own.getByRole("cell").nth(2)).toHaveText("Admin");
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use(phone);

    test("grant by email and Remove Admin on the user cards, and Details shows both changes", async ({ page }, testInfo) => {
      await page.goto("/admin/users");
      const cards = page.getByRole("list", { name: "Users" });
      const card = page.getByRole("region", { name: "Add Admin by Email" });
      await card.getByLabel("Email address").fill(usersFixture.granteeMobile.email);
      await card.getByRole("button", { name: "Add Admin" }).click();
      const confirm = page.getByRole("alertdialog", { name: `Make ${usersFixture.granteeMobile.email} an admin?` });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath("users-390-confirm.png") });
      await confirm.getByRole("button", { name: "Make Admin" }).click();
      await expectToast(page, `User ${usersFixture.granteeMobile.email} has been granted admin privileges`);
      const grantee = cards.getByRole("listitem").filter({ hasText: usersFixture.granteeMobile.email });
      await grantee.getByRole("button", { name: `Remove Admin: ${usersFixture.granteeMobile.email}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
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
  });
});

test("Make Myself Admin answers an admin that they already are one", async ({ page }) => {
  await page.goto("/admin/users");
  await page.getByRole("region", { name: "Make Myself Admin" }).getByRole("button", { name: "Make Myself Admin" }).click();
  await expectToast(page, "You already have admin privileges");
});

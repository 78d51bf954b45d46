import type { Locator, Page } from "@playwright/test";
import { anyWidth, expect, expectNoAxeViolations, test, waitForHydration } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

/**
 * /support (SPEC §2, §5, §8). The demo server keeps mail in its outbox (no SMTP_URL), so sending succeeds there; the
 * bare server's SMTP_URL points at a closed port, so its mail always fails. Both servers allow 5 messages per client
 * in 10 minutes: these tests send at most 2 per project to each server.
 */

const SENT = "Message sent successfully! We'll get back to you soon.";
const MAIL_FAILED = "Failed to send your message. Please try again later.";
const TOAST_FAILED = "Failed to send message. Please try again.";

const valid = { name: "Ana Lima", email: "ana@example.com", message: "The audio in the greetings lesson does not play." };

/**
 * Dismisses the cookie banner and the mobile promo strip up front (as a returning visitor would have), so the fixed
 * banner never covers the form and the checks here are about this page; the chrome has its own tests.
 */
async function skipSiteChrome(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem("cookie_consent_level", "essential");
    sessionStorage.setItem("hideDownloadBar", "true");
  });
}

function form(page: Page) {
  const root = page.getByRole("region", { name: "Send us a message" });
  return {
    root,
    name: root.getByLabel("Name", { exact: true }),
    email: root.getByLabel("Email", { exact: true }),
    message: root.getByLabel("Message", { exact: true }),
    submit: root.getByRole("button", { name: /Send Message|Sending/ }),
  };
}

/** The form validates in the browser once its schema has loaded, on the first focus inside it. */
async function focusForm(page: Page) {
  await form(page).name.focus();
  await expect(page.locator("form[data-client-validation]")).toHaveCount(1);
}

async function fill(page: Page, values: { name: string; email: string; message: string }, { javaScript = true } = {}) {
  const f = form(page);
  if (javaScript) await focusForm(page);
  await f.name.fill(values.name);
  await f.email.fill(values.email);
  await f.message.fill(values.message);
}

async function expectFieldError(field: Locator, text: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(text);
}

/** A sonner toast with this text, once its entrance transition has finished (axe misjudges colours mid-fade). */
async function expectToast(page: Page, text: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

test.beforeEach(async ({ page }) => {
  await skipSiteChrome(page);
});

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/support");
    await waitForHydration(page);
  });

  test("shows the heading, the form and the direct support address", async ({ page }) => {
    await expect(page).toHaveTitle("Contact Support | Phrasewise");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Support" })).toBeVisible();
    await expect(page.getByRole("link", { name: "support@phrasewise.example" })).toHaveAttribute(
      "href",
      "mailto:support@phrasewise.example",
    );
    const f = form(page);
    await expect(f.name).toBeEditable();
    await expect(f.email).toHaveAttribute("type", "email");
    await expect(f.message).toBeEditable();
    await expectNoAxeViolations(page);
  });

  test("an empty form shows all three messages and sends nothing", async ({ page }) => {
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST") posted = true;
    });
    const f = form(page);
    await focusForm(page);
    await f.submit.click();
    await expectFieldError(f.name, "Name must be at least 2 characters.");
    await expectFieldError(f.email, "Please enter a valid email address.");
    await expectFieldError(f.message, "Message must be at least 10 characters.");
    await expect(f.name).toBeFocused();
    expect(posted).toBe(false);
    await expectNoAxeViolations(page);
  });

  test("a submission before the validation has loaded is checked by the server, with the same messages", anyWidth, async ({ page, pageErrors }) => {
    // Keep the validation chunk from arriving, as on a slow connection.
    await page.route(/support-schema-.*\.js$/, () => {});
    const f = form(page);
    await f.submit.click();
    await expectFieldError(f.name, "Name must be at least 2 characters.");
    await expectFieldError(f.email, "Please enter a valid email address.");
    await expectFieldError(f.message, "Message must be at least 10 characters.");
    // The browser reports the server's 400 for the invalid submission; that is the expected answer here.
    const rejected = pageErrors.findIndex((error) => error.includes("status of 400") && error.includes("/support.data"));
    expect(rejected).toBeGreaterThanOrEqual(0);
    pageErrors.splice(rejected, 1);
  });

  test("short input shows the spec's messages, and fixing a field clears its message", anyWidth, async ({ page }) => {
    await fill(page, { name: "A", email: "ana@", message: "Too short" });
    const f = form(page);
    await f.submit.click();
    await expectFieldError(f.name, "Name must be at least 2 characters.");
    await expectFieldError(f.email, "Please enter a valid email address.");
    await expectFieldError(f.message, "Message must be at least 10 characters.");

    await f.name.fill("An");
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Name must be at least 2 characters.")).toHaveCount(0);
    // Spaces do not count.
    await f.message.fill("         x         ");
    await expect(page.getByText("Message must be at least 10 characters.")).toBeVisible();
  });

  test("a valid message is sent: progress on the button, then the success toast (said once), and the form resets", async ({
    page,
  }) => {
    // Hold the answer back until the in-flight state has been checked, however slow the machine.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/support(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await held;
      await route.continue();
    });
    await fill(page, valid);
    const f = form(page);
    await f.submit.click();
    await expect(f.submit).toHaveText("Sending...");
    await expect(f.submit).toBeDisabled();
    release();

    // SPEC §8: the success is a toast; the page does not say it a second time.
    await expectToast(page, SENT);
    await expect(page.getByRole("main").getByText(SENT)).toHaveCount(0);
    await expect(f.submit).toHaveText("Send Message");
    await expect(f.submit).toBeEnabled();
    await expect(f.name).toHaveValue("");
    await expect(f.email).toHaveValue("");
    await expect(f.message).toHaveValue("");
    await expect(page.getByRole("alert").filter({ hasText: /Failed|error/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("when the mail cannot be sent: the spec's red alert and toast, and the typed message is kept", async ({
    page,
    pageErrors,
  }) => {
    await page.goto(`${servers.bare.url}/support`);
    await waitForHydration(page);
    await fill(page, valid);
    await form(page).submit.click();

    const alert = page.getByRole("alert").filter({ hasText: MAIL_FAILED });
    await expect(alert).toBeVisible();
    await expectToast(page, TOAST_FAILED);
    await expect(form(page).message).toHaveValue(valid.message);
    await expect(page.getByText(SENT)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The browser reports the answer's 503 (Service Unavailable) on the console; that one is expected.
    await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([expect.stringContaining("status of 503")]);
    pageErrors.length = 0;
  });
});

test("over the limit: the red alert says when to try again, and the toast is the spec's failure text, not the same again", anyWidth, async ({
  page,
  pageErrors,
}, testInfo) => {
  // The accounts server trusts X-Forwarded-For: this test is a client of its own, whose 5 messages it sends first.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.77.1.${testInfo.workerIndex}` });
  await page.goto(`${servers.accounts.url}/support`);
  await waitForHydration(page);
  const statuses = await page.evaluate(async (values) => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch("/support", { method: "POST", body: new URLSearchParams(values) });
      answers.push(response.status);
    }
    return answers;
  }, valid);
  expect(statuses).toEqual([200, 200, 200, 200, 200]);

  await fill(page, valid);
  await form(page).submit.click();
  const alert = page.getByRole("alert").filter({ hasText: /^Too many messages\. Please try again in \d+ minutes?\.$/ });
  await expect(alert).toBeVisible();
  await expectToast(page, TOAST_FAILED);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Too many messages" })).toHaveCount(0);

  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors).toEqual([expect.stringContaining("status of 429")]);
  pageErrors.length = 0;
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a plain POST re-renders the page with the field errors and keeps what was typed", anyWidth, async ({ page }) => {
    await page.goto("/support");
    await fill(page, { name: "A", email: "not-an-email", message: "Short" }, { javaScript: false });
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await form(page).submit.click();
    expect((await response).status()).toBe(400);
    const f = form(page);
    await expectFieldError(f.name, "Name must be at least 2 characters.");
    await expectFieldError(f.email, "Please enter a valid email address.");
    await expectFieldError(f.message, "Message must be at least 10 characters.");
    await expect(f.name).toHaveValue("A");
    await expect(f.email).toHaveValue("not-an-email");
    await expect(f.message).toHaveValue("Short");
  });

  test("an empty plain POST is answered with the messages too (no browser validation in the way)", anyWidth, async ({ page }) => {
    await page.goto("/support");
    await form(page).submit.click();
    await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByText("Message must be at least 10 characters.")).toBeVisible();
  });

  test("a valid plain POST shows the success message and an empty form", anyWidth, async ({ page }) => {
    await page.goto("/support");
    await fill(page, valid, { javaScript: false });
    await form(page).submit.click();
    await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
    await expect(form(page).name).toHaveValue("");
    await expect(form(page).message).toHaveValue("");
  });

  test("a plain POST whose mail fails shows the spec's alert and keeps the message", anyWidth, async ({ page }) => {
    await page.goto(`${servers.bare.url}/support`);
    await fill(page, valid, { javaScript: false });
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await form(page).submit.click();
    expect((await response).status()).toBe(503);
    await expect(page.getByRole("alert").filter({ hasText: MAIL_FAILED })).toBeVisible();
    await expect(form(page).message).toHaveValue(valid.message);
  });
});

import type { Page } from "@playwright/test";
import { expect, test } from "#e2e/support/fixtures.ts";

/**
 * The Content-Security-Policy in Chromium: pages hydrate and work with no violation at all. Violations are caught
 * three ways: the document's securitypolicyviolation events (listened for before any of the page's scripts run),
 * Chromium's console messages about the policy, and any report sent to the report endpoint.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/csp-report") violations.push(`report: ${request.postData() ?? ""}`);
  });
  return violations;
}

/** The page's CSP nonce, from the document's response. */
function nonceOf(headers: Record<string, string>) {
  return /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
}

/** Every script the server sent has run or been switched on: none is left deferred. */
async function expectScriptsStarted(page: Page) {
  expect(await page.locator('script[type^="x-deferred"], link[rel^="x-deferred"]').count()).toBe(0);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(3);
}

test("a public page hydrates under the policy, and client-side navigation loads its modules without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const response = await page.goto("/");
  expect(nonceOf(response!.headers())).toBeTruthy();
  await expectScriptsStarted(page);
  await page.getByRole("navigation").getByRole("link", { name: "Languages" }).first().click();
  await expect(page).toHaveURL(/\/languages$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // A client-side navigation: the document is still the first one.
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  await page.getByRole("link", { name: /Spanish/ }).first().click();
  await expect(page).toHaveURL(/\/spanish$/);
  expect(violations).toEqual([]);
});

test("the support form loads its validation on first focus and validates in the browser, without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/support");
  await expectScriptsStarted(page);
  await page.getByLabel("Name", { exact: true }).focus();
  await expect(page.locator("form[data-client-validation]")).toHaveCount(1);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name must be at least 2 characters.")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the sign-in page hydrates and switches to registering without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/auth");
  await expectScriptsStarted(page);
  await page.getByRole("navigation", { name: "Sign in or register" }).getByRole("link", { name: "Register" }).click();
  await expect(page.getByText("Create an account")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).focus();
  await expect(page.locator("form[data-client-validation]")).toHaveCount(1);
  expect(violations).toEqual([]);
});

test("a page served from the page cache keeps a nonce that matches its scripts: it hydrates without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  // Stored by a first visit, in a client whose own HTTP cache the browser does not share.
  await page.request.get("/faq");
  const response = await page.goto("/faq");
  expect(response!.headers()["x-cache"]).toBe("HIT");
  expect(nonceOf(response!.headers())).toBeTruthy();
  await expectScriptsStarted(page);
  // A reload revalidates (304) and the browser reuses its copy, nonce and all.
  await page.reload();
  await expectScriptsStarted(page);
  const question = page.locator("main button[aria-expanded]").first();
  await question.click();
  await expect(question).toHaveAttribute("aria-expanded", "true");
  expect(violations).toEqual([]);
});

test("static files carry the same security headers as pages, with a policy that runs no script", async ({ page }) => {
  const html = await (await page.request.get("/")).text();
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  for (const path of [asset!, "/favicon.svg", "/images/logo.svg"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"], path).toBe("SAMEORIGIN");
    expect(headers["content-security-policy"], path).toBeTruthy();
    // PUBLIC_URL is http on the e2e servers.
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const file = (await page.request.get("/images/logo.svg")).headers()["content-security-policy"]!;
  expect(file).toMatch(/default-src 'none'/);
  expect(file).toMatch(/sandbox/);
});

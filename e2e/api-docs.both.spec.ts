import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { servers } from "#e2e/support/servers.ts";

/**
 * /api/v1/docs (issue 25): the API reference renders from the served document, loads nothing from another origin,
 * and runs under the site's Content-Security-Policy without a single violation, at 1280 px and 390 px.
 * Not a React page: the shared fixtures' hydration wait does not apply, so this spec watches the console itself.
 */
const shots = "/work/notes/shots/api-docs";

test("the API reference lists every group and opens an operation, all from this site, within the CSP", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: testInfo.project.use.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(servers.demo.url) && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });

  const response = await page.goto(`${servers.demo.url}/api/v1/docs`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
  await expect(page.getByRole("heading", { name: /Phrasewise API/ })).toBeVisible();
  for (const group of ["Accounts", "Catalogue", "Site"]) await expect(page.getByRole("heading", { name: new RegExp(`^${group} `) })).toBeVisible();
  await page.getByText("/auth/sign-in", { exact: true }).first().click();
  await expect(page.getByText("Returns a bearer token.").first()).toBeVisible();
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/sign-in-${page.viewportSize()!.width}.png` });
  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
  await context.close();
});

/**
 * Screenshots of the given paths, for looking at the site by eye. Full pages at 1280 px and 390 px by default:
 *   node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /languages /spanish
 * Options before the paths:
 *   --widths 390,768,1024,1280   other viewport widths
 *   --sign-in email:password     sign in first (through /auth), to see a learner's or an admin's chrome
 *   --viewport                   only the first screen, not the full page (the header, a toast)
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "#e2e/support/chromium.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { widths: { type: "string" }, "sign-in": { type: "string" }, viewport: { type: "boolean" } },
});
const [baseUrl, outDir, ...paths] = positionals;
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("Usage: node scripts/screenshots.ts [--widths 390,1280] [--sign-in email:password] [--viewport] <base-url> <out-dir> <path>...");
  process.exit(1);
}
const widths = (values.widths ?? "1280,390").split(",").map(Number);
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 800 }, deviceScaleFactor: 1 });
  // Screenshots show the page itself, not the first-visit banner.
  await context.addInitScript(() => localStorage.setItem("cookie_consent_level", "essential"));
  const page = await context.newPage();
  if (values["sign-in"]) {
    const [email = "", password = ""] = values["sign-in"].split(":");
    await page.goto(`${baseUrl}/auth`, { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/auth");
  }
  for (const pagePath of paths) {
    await page.goto(baseUrl + pagePath, { waitUntil: "networkidle" });
    const file = path.join(outDir, `${width}${pagePath.replace(/[^a-z0-9]+/gi, "_") || "_home"}.png`);
    await page.screenshot({ path: file, fullPage: !values.viewport });
    console.log(file);
  }
  await context.close();
}
await browser.close();

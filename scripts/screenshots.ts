/**
 * Full-page screenshots of the given paths at 1280 px and 390 px, for looking at the site by eye:
 *   node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /languages /spanish
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "#e2e/support/chromium.ts";

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error("Usage: node scripts/screenshots.ts <base-url> <out-dir> <path>...");
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [name, viewport] of [["desktop", { width: 1280, height: 800 }], ["mobile", { width: 390, height: 844 }]] as const) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  // Screenshots show the page itself, not the first-visit banner.
  await context.addInitScript(() => localStorage.setItem("cookie_consent_level", "essential"));
  const page = await context.newPage();
  for (const pagePath of paths) {
    await page.goto(baseUrl + pagePath, { waitUntil: "networkidle" });
    const file = path.join(outDir, `${name}${pagePath.replace(/[^a-z0-9]+/gi, "_") || "_home"}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();

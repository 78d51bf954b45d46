import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { expect } from "#e2e/support/fixtures.ts";
import { servers } from "#e2e/support/servers.ts";

export const settingsServer = servers.settings;

export { expectToast } from "#e2e/support/admin-dialogs.ts";

/** The browser reports an answer's error status on the console; when a test expects that answer, it is no error. */
export async function expectRefusedOnConsole(pageErrors: string[], status: number) {
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors.every((e) => e.includes(`status of ${status}`)), pageErrors.join("\n")).toBe(true);
  pageErrors.length = 0;
}

export async function png(background: string, width = 64, height = 64) {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A page on a second origin (localhost, while the site is on 127.0.0.1), with the given HTML. */
export async function hostPage(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

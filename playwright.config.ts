import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/support/chromium.ts";
import { phone } from "./e2e/support/devices.ts";
import { servers } from "./e2e/support/servers.ts";

/**
 * End-to-end tests against the production build, in Debian's Chromium (no browser download). E2E_SERVERS=catalog,demo
 * starts only those servers, for a quick run of one area's specs (`E2E_SERVERS=catalog playwright test admin-catalog`).
 */
const only = process.env.E2E_SERVERS?.split(",").map((name) => name.trim()).filter(Boolean);
const startedServers = Object.values(servers).filter((server) => !only?.length || only.includes(server.profile));

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : 3,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: servers.demo.url,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "desktop",
      testMatch: /\.(desktop|both)\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined },
    },
    {
      name: "mobile",
      testMatch: /\.(mobile|both)\.spec\.ts$/,
      use: phone,
    },
  ],
  webServer: startedServers.map((server) => ({
    command: `node e2e/support/start-server.ts ${server.profile}`,
    url: `${server.url}/api/settings`,
    // The demo server seeds 521 phrases of speech (MP3) before it listens: about a minute on two idle cores.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
  })),
});

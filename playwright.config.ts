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
  // One browser at a time: on two cores, two in parallel made each test about three times slower (the accounts spec: 3.4
  // min with two workers, two tests timed out; 3.0 min with one, all green), so one is both faster and steadier.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: servers.demo.url,
    // A failing test keeps its trace (DOM snapshots, network, console), without the screencast: recording its frames
    // made each test about a third slower (the same 18 phone tests: 89 s with it, 61 s without, 64 s with no trace).
    trace: { mode: "retain-on-failure", screenshots: false },
    // The service worker stays out of every spec but the offline ones (which allow it): its own fetches pass by
    // page.route, so a spec that holds or fails a request would race the worker taking control after the first load.
    serviceWorkers: "block",
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
      // Tests tagged anyWidth (e2e/support/fixtures.ts) check what the width does not change: the desktop runs them.
      grepInvert: /@any-width/,
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
